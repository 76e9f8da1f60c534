# make install / uninstall / kmod-install, with the GNU directory variables:
#
#   make install                          into /usr/local
#   make install DESTDIR=/tmp/pkg prefix=/usr
#   make kmod-install                     the kernel module's sources, for
#                                         building against a kernel later
#
# install puts the rvreplay binary, the man pages and the bash completion
# in place; the module's sources only go with kmod-install. uninstall
# removes all of it.

prefix		?= /usr/local
exec_prefix	?= $(prefix)
bindir		?= $(exec_prefix)/bin
datarootdir	?= $(prefix)/share
mandir		?= $(datarootdir)/man
bashcompdir	?= $(datarootdir)/bash-completion/completions
# DKMS's layout: /usr/src/NAME-VERSION
kmodsrcdir	?= $(prefix)/src/rvreplay-$(INSTALL_VERSION)

INSTALL		?= install
INSTALL_VERSION	= $(shell cat VERSION)

# The module is built from kmod/ and the very same monitors/ sources as the
# analyzer, so both keep their place under kmodsrcdir. Not the QEMU test
# guests, nor build products.
KMOD_INSTALL_SRCS = $(shell find kmod monitors -path kmod/qemu -prune -o -type f \
			\( -name '*.[ch]' -o -name Kbuild -o -name Makefile -o -name '*.mk' \
			   -o -name dkms.conf -o -name 'README*' \) -print 2>/dev/null | sort)

MAN1_PAGES	= $(filter %.1,$(MAN_PAGES))
MAN5_PAGES	= $(filter %.5,$(MAN_PAGES))

.PHONY: install uninstall kmod-install
install: $(BUILD)/rvreplay man
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(mandir)/man1 $(DESTDIR)$(mandir)/man5 \
		$(DESTDIR)$(bashcompdir)
	$(INSTALL) -m 755 $(BUILD)/rvreplay $(DESTDIR)$(bindir)/rvreplay
	$(INSTALL) -m 644 $(MAN1_PAGES) $(DESTDIR)$(mandir)/man1/
	$(INSTALL) -m 644 $(MAN5_PAGES) $(DESTDIR)$(mandir)/man5/
	$(INSTALL) -m 644 completion/rvreplay $(DESTDIR)$(bashcompdir)/rvreplay

kmod-install:
	@test -n "$(KMOD_INSTALL_SRCS)" || { echo "rvreplay: no kernel module sources" >&2; exit 2; }
	@set -e; for f in $(KMOD_INSTALL_SRCS); do \
		echo "$(INSTALL) -D -m 644 $$f $(DESTDIR)$(kmodsrcdir)/$$f"; \
		$(INSTALL) -D -m 644 $$f $(DESTDIR)$(kmodsrcdir)/$$f; \
	done

uninstall:
	rm -f $(DESTDIR)$(bindir)/rvreplay $(DESTDIR)$(bashcompdir)/rvreplay
	rm -f $(addprefix $(DESTDIR)$(mandir)/man1/,$(notdir $(MAN1_PAGES)))
	rm -f $(addprefix $(DESTDIR)$(mandir)/man5/,$(notdir $(MAN5_PAGES)))
	rm -rf $(DESTDIR)$(kmodsrcdir)
