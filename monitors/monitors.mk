# The monitors: freestanding C, built here against monitors/compat (the
# user-space <linux/rv.h>) and by kmod/ against the kernel's headers.
# MONDIR may point at a copy with the kernel's rvgen headers swapped in.

MONITOR_SRCS	= monitor.c events.c syscalls.c ltl/ltl_core.c rtapp/rtapp.c \
		  pagefault/pagefault.c sleep/sleep.c sleep/sleep_7_1.c sleep/sleep_7_3.c \
		  wakeup/wakeup.c
MONITOR_OBJS	= $(MONITOR_SRCS:%.c=$(BUILD)/monitors/%.o)
# The kernel does not build with -Wunused-parameter; rvgen's ltl_start()
# has an unused task argument.
MONITOR_CFLAGS	= -I$(MONDIR)/compat -Wno-unused-parameter -ffreestanding

$(BUILD)/monitors/%.o: $(MONDIR)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(MONITOR_CFLAGS) -c -o $@ $<

$(BUILD)/libmonitors.a: $(MONITOR_OBJS)
	rm -f $@
	ar rcs $@ $^
