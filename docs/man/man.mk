# The man pages: troff sources docs/man/*.in, with the version filled in
# from VERSION; rvreplay-json(5) also takes its schema sections from
# docs/rvreplay-json.md. 'make man' writes them to $(BUILD)/man/.

MAN_SRCS	= $(wildcard docs/man/*.[1-8].in)
MAN_PAGES	= $(MAN_SRCS:docs/man/%.in=$(BUILD)/man/%)
MAN_VERSION	= $(shell cat VERSION)

.PHONY: man
man: $(MAN_PAGES)

$(BUILD)/man/%: docs/man/%.in VERSION
	@mkdir -p $(dir $@)
	sed -e 's/@VERSION@/$(MAN_VERSION)/g' $< > $@.tmp
	mv $@.tmp $@

$(BUILD)/man/rvreplay-json.5: docs/man/rvreplay-json.5.in docs/rvreplay-json.md \
			      docs/man/md2man.awk VERSION
	@mkdir -p $(dir $@)
	awk -f docs/man/md2man.awk docs/rvreplay-json.md > $@.schema
	sed -e 's/@VERSION@/$(MAN_VERSION)/g' -e '/^\.\\" @SCHEMA@$$/{' -e 'r $@.schema' \
	    -e 'd' -e '}' $< > $@.tmp
	rm $@.schema
	mv $@.tmp $@
