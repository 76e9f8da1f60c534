# The mutation check: the end-to-end scripts that judge rvreplay's output
# must fail against broken rvreplays (tests/mutation/mutation_check.sh).
# The droplast, dropeach and shift mutants are one rvreplay built with
# -DRVREPLAY_MUTANTS into its own build folder, the mutant chosen at run
# time (engine/mutant.h). About 8 minutes.

MUTANT_BUILD	= $(BUILD)-mutant

# Always remade by its own make: its objects differ from $(BUILD)'s by a flag.
.PHONY: check-mutation $(MUTANT_BUILD)/rvreplay
$(MUTANT_BUILD)/rvreplay:
	$(MAKE) BUILD=$(MUTANT_BUILD) CFLAGS="$(CFLAGS) -DRVREPLAY_MUTANTS" $@

check-mutation: $(BUILD)/rvreplay $(BUILD)/ltlc $(BUILD)/verdict_check $(BUILD)/tests/make_hostile \
		workloads $(MUTANT_BUILD)/rvreplay
	E2E_SCRIPTS="$(E2E_SCRIPTS)" sh tests/mutation/mutation_check.sh $(BUILD) $(MUTANT_BUILD)
