# SPDX-License-Identifier: BSD-3-Clause
# mk/figures.mk - the figures of the documentation, included by the top Makefile.
#
#   make figures      for every algorithm of include/collalg/<collective>/ and i<collective>/ and p in FIG_P:
#                     record who sends to whom under SimGrid (docs/figures/record.c) into
#                     build/figures/<collective>_<algorithm>_p<P>.msgs, and draw each list with
#                     gnuplot (docs/figures/draw.gp) into .svg (and .png) beside it; an algorithm
#                     that fails is reported (and fails the target) after the others are drawn
#                     FIG_P: the process counts (default 6 8; at most 16, the hosts of
#                     docs/figures/platform.xml)
#                     FIG_FORMATS: what gnuplot draws (default svg, what the documentation shows;
#                     FIG_FORMATS="svg png" adds a .png of each figure)
#
# The recorder (build/figures/record) is also built by `make build`, for tests/test_figures.c.

FIG_DIR ?= $(BUILD)/figures
FIG_P   ?= 6 8
FIG_FORMATS ?= svg

.PHONY: figures

build: $(FIG_DIR)/record

# The algorithm table, regenerated from the headers (new algorithms join by themselves).
$(FIG_DIR)/algorithms.h: docs/figures/list.sh $(HEADERS)
	@mkdir -p $(@D)
	sh docs/figures/list.sh include > $@.tmp && mv $@.tmp $@

$(FIG_DIR)/record: docs/figures/record.c $(FIG_DIR)/algorithms.h $(HEADERS)
	$(SMPICC) $(TESTCFLAGS) -Iinclude -I$(FIG_DIR) $< -o $@ -lm 2>&1 | grep -v '^\[' || true
	@test -x $@

figures: $(FIG_DIR)/record
	@start=$$(date +%s); fail=0; rm -f $(FIG_DIR)/*.msgs $(FIG_DIR)/*.svg $(FIG_DIR)/*.png; \
	for p in $(FIG_P); do \
	  sh docs/figures/run.sh $$p $(FIG_DIR)/record $(FIG_DIR) </dev/null || fail=1; \
	done; \
	for f in $(FIG_DIR)/*.msgs; do \
	  for ext in $(FIG_FORMATS); do \
	    gnuplot -e "msgs='$$f'; out='$${f%.msgs}.$$ext'" docs/figures/draw.gp || fail=1; \
	  done; \
	done; \
	echo "figures: $$(ls $(FIG_DIR)/*.svg | wc -l) figures in $(FIG_DIR) ($$(( $$(date +%s) - start )) s)"; \
	exit $$fail
