# The monitors: freestanding C, built here against monitors/compat (the
# user-space <linux/rv.h>) and by kmod/ against the kernel's headers.
# MONDIR may point at a copy with the kernel's rvgen headers swapped in.
# The sources come from the generated monitor_list.mk: a new monitor
# folder is found by 'make generate'.

include $(MONDIR)/monitor_list.mk

MONITOR_OBJS	= $(MONITOR_SRCS:%.c=$(BUILD)/monitors/%.o)
# The kernel does not build with -Wunused-parameter; rvgen's ltl_start()
# has an unused task argument.
MONITOR_CFLAGS	= -I$(MONDIR)/compat -Wno-unused-parameter -ffreestanding
# The monitors themselves freestanding as the kernel builds them: no libc
# header is found (-nostdinc), only the compiler's own (<stdbool.h>,
# <stddef.h>, <stdint.h>), on every machine.
MONITOR_ONLY_CFLAGS = -nostdinc -isystem $(shell $(CC) -print-file-name=include)

$(BUILD)/monitors/%.o: $(MONDIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(MONITOR_CFLAGS) $(MONITOR_ONLY_CFLAGS) -c -o $@ $<

$(BUILD)/libmonitors.a: $(MONITOR_OBJS)
	rm -f $@
	ar rcs $@ $^
