# Reports: verdicts in words, as text or JSON; the pictures (the HTML
# report, the Chrome trace) each in a folder of its own, with one public
# header (html/html_report.h, chrome/chrome_trace.h, perfetto/perfetto_trace.h).

REPORT_DIRS	= report report/html report/chrome report/perfetto
REPORT_SRCS	= $(foreach d,$(REPORT_DIRS),$(wildcard $(d)/*.c))
REPORT_OBJS	= $(REPORT_SRCS:%.c=$(BUILD)/%.o)
REPORT_INCLUDES	= $(REPORT_DIRS:%=-I%)
# diff_report.c words what diff/ found (diff.h).
REPORT_CFLAGS	= $(ENGINE_CFLAGS) $(REPORT_INCLUDES) -Idiff $(VERSION_CFLAGS)

$(BUILD)/report/%.o: report/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<
