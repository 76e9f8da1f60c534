// SPDX-License-Identifier: GPL-2.0
/*
 * rvreplay.ko: loading, the parameters, and enabling the monitors.
 *
 * The monitors are those of a kernel-version profile (docs/semantics.md section 8),
 * 6.17 unless told otherwise; the trace says which ("rvreplay-profile:"),
 * so that rvreplay replays with the same ones.
 *
 * Every CPU's instances of a per-CPU monitor (wip) are reset before the
 * probes attach, to wait for their start event (the kernel's
 * da_monitor_init()). Enabling and disabling run with every CPU stopped
 * (stop_machine()): every existing task gets its instances (the kernel's
 * ltl_task_init(task, false)) and, with task_metadata, its
 * "rvreplay-task:" line in the trace (docs/semantics.md section 7); with
 * sync_tracing, tracing is switched on and off at that same point, so
 * that the trace and the live monitors see exactly the same events, which
 * is what rvreplay diff needs to compare them record by record.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/stop_machine.h>
#include <linux/string.h>

#include "kmod.h"

#define RVK_CONTAINER		"rtapp"
#define RVK_LINE_LEN		160

bool rvk_running;
const struct rv_monitor *const *rvk_monitors;
unsigned int rvk_nr_monitors;
unsigned long rvk_active;
struct rvk_stats rvk_stats;

static DEFINE_MUTEX(rvk_mutex);
static bool rvk_loaded;
static bool rvk_enabled;
static bool rvk_enable_at_load;
static unsigned long rvk_available;

static unsigned int pool_size = 4096;
module_param(pool_size, uint, 0444);
MODULE_PARM_DESC(pool_size, "Tasks monitored at once; their instances are allocated at load");

static char profile[16] = "6.17";
module_param_string(profile, profile, sizeof(profile), 0644);
MODULE_PARM_DESC(profile, "Kernel-version profile of the monitors from the next enabling: 6.17, 7.1 or 7.3");

static char monitors[128] = RVK_CONTAINER;
module_param_string(monitors, monitors, sizeof(monitors), 0644);
MODULE_PARM_DESC(monitors, "Monitors run from the next enabling, a comma-separated list of names, rtapp (the container's available ones) and all (every available one)");

static char params[128];
module_param_string(params, params, sizeof(params), 0644);
MODULE_PARM_DESC(params, "Monitor parameters from the next enabling: MONITOR.NAME=VALUE, comma-separated (stall.threshold_jiffies=2); the others keep the kernel's defaults");

u64 rvk_param_values[RVK_MAX_MONITORS][RV_MAX_PARAMS];

static bool sync_tracing;
module_param(sync_tracing, bool, 0644);
MODULE_PARM_DESC(sync_tracing, "Enabling turns tracing on and disabling turns it off, at the same instant as the monitors");

static bool task_metadata = true;
module_param(task_metadata, bool, 0644);
MODULE_PARM_DESC(task_metadata, "Enabling writes an rvreplay-task: line per task into the trace");

module_param_named(react_printk, rvk_react_printk, bool, 0644);
MODULE_PARM_DESC(react_printk, "Log each violation (rate-limited printk)");

static void rvk_puts(const char *fmt, ...) __printf(1, 2);

/* A line in the top-level trace, as an ftrace:print record (like trace_marker). */
static void rvk_puts(const char *fmt, ...)
{
	char line[RVK_LINE_LEN];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vscnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	__trace_puts(_THIS_IP_, line, len);
}

static void rvk_names(unsigned long set, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < rvk_nr_monitors; i++)
		if (set & BIT(i))
			used += scnprintf(buf + used, len - used, "%s%s", used ? "," : "",
					  rvk_monitors[i]->name);
}

/* The available monitors of the rtapp container, as the kernel's rtapp enables them. */
static unsigned long rvk_container_set(void)
{
	unsigned long set = 0;

	for (unsigned int i = 0; i < rvk_nr_monitors; i++)
		if (rvk_monitors[i]->container &&
		    !strcmp(rvk_monitors[i]->container->name, RVK_CONTAINER))
			set |= BIT(i);
	return set & rvk_available;
}

/* "rtapp", "all", or "sleep,wwnr": the set asked for, all of it available. */
static int rvk_parse_monitors(unsigned long *set)
{
	char copy[sizeof(monitors)], *rest = copy, *name;

	strscpy(copy, monitors, sizeof(copy));
	*set = 0;
	while ((name = strsep(&rest, ", \n"))) {
		unsigned int i;

		if (!*name)
			continue;
		if (!strcmp(name, RVK_CONTAINER)) {
			*set |= rvk_container_set();
			continue;
		}
		if (!strcmp(name, "all")) {
			*set |= rvk_available;
			continue;
		}
		for (i = 0; i < rvk_nr_monitors; i++)
			if (!strcmp(rvk_monitors[i]->name, name))
				break;
		if (i == rvk_nr_monitors) {
			pr_err("rvreplay: no monitor '%s' in profile %s\n", name, profile);
			return -EINVAL;
		}
		if (!(rvk_available & BIT(i))) {
			pr_err("rvreplay: monitor %s is unavailable on this kernel\n", name);
			return -ENODEV;
		}
		*set |= BIT(i);
	}
	if (!*set) {
		pr_err("rvreplay: no monitor to run\n");
		return -EINVAL;
	}
	return 0;
}

/* The index of parameter @name of monitor @i, or -1. */
static int rvk_param_index(unsigned int i, const char *name)
{
	for (int k = 0; k < RV_MAX_PARAMS && rvk_monitors[i]->params[k].name; k++)
		if (!strcmp(rvk_monitors[i]->params[k].name, name))
			return k;
	return -1;
}

/* One "MONITOR.NAME=VALUE" into rvk_param_values. */
static int rvk_parse_param(char *setting)
{
	char *dot = strchr(setting, '.'), *eq = strchr(setting, '=');
	unsigned int i;
	u64 value;
	int k;

	if (!dot || !eq || dot > eq || kstrtou64(eq + 1, 10, &value)) {
		pr_err("rvreplay: bad parameter '%s' (MONITOR.NAME=VALUE)\n", setting);
		return -EINVAL;
	}
	*dot = *eq = '\0';
	for (i = 0; i < rvk_nr_monitors; i++)
		if (!strcmp(rvk_monitors[i]->name, setting))
			break;
	k = i < rvk_nr_monitors ? rvk_param_index(i, dot + 1) : -1;
	if (k < 0) {
		pr_err("rvreplay: no parameter %s of monitor %s in profile %s\n", dot + 1, setting,
		       profile);
		return -EINVAL;
	}
	rvk_param_values[i][k] = value;
	return 0;
}

/* The kernel's defaults of every monitor's parameters, then the "params" settings. */
static int rvk_parse_params(void)
{
	char copy[sizeof(params)], *rest = copy, *setting;
	int ret;

	for (unsigned int i = 0; i < rvk_nr_monitors; i++)
		for (int k = 0; k < RV_MAX_PARAMS; k++)
			rvk_param_values[i][k] = rvk_monitors[i]->params[k].value;
	strscpy(copy, params, sizeof(copy));
	while ((setting = strsep(&rest, ", \n"))) {
		if (!*setting)
			continue;
		ret = rvk_parse_param(setting);
		if (ret)
			return ret;
	}
	return 0;
}

/* " params=stall.threshold_jiffies=2": the running monitors' parameters, for rvreplay diff */
static void rvk_param_words(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
		if (!(rvk_active & BIT(i)))
			continue;
		for (int k = 0; k < RV_MAX_PARAMS && rvk_monitors[i]->params[k].name; k++)
			used += scnprintf(buf + used, len - used, "%s%s.%s=%llu",
					  used ? "," : " params=", rvk_monitors[i]->name,
					  rvk_monitors[i]->params[k].name,
					  rvk_param_values[i][k]);
	}
}

static void rvk_task_metadata(struct task_struct *p)
{
	rvk_puts("rvreplay-task: pid=%d tgid=%d kthread=%d policy=%u prio=%d comm=%.*s\n",
		 p->pid, p->tgid, !!(p->flags & PF_KTHREAD), p->policy, p->prio,
		 TASK_COMM_LEN - 1, p->comm);
}

/* Every CPU stopped: instances for every task, then the probes act. */
static int rvk_start(void *data)
{
	struct task_struct *g, *p;
	struct rvk_bucket *b;
	struct rvk_task *t;
	unsigned long flags;
	char names[64], words[96];

	if (sync_tracing)
		tracing_on();
	rvk_names(rvk_active, names, sizeof(names));
	rvk_param_words(words, sizeof(words));
	rvk_puts("rvreplay-profile: %s\n", profile);
	/* what the replay of an HA's clock in jiffies needs (recorder/kernel_hz.c's line) */
	rvk_puts("rvreplay-kernel: hz=%u\n", HZ);
	rvk_puts("rvreplay-kmod: enabled profile=%s monitors=%s pool=%u%s\n", profile, names,
		 rvk_pool_size(), words);
	rcu_read_lock();
	for_each_process_thread(g, p) {
		b = rvk_lock_pid(p->pid, &flags);
		t = rvk_task_new(b, p->pid);
		if (t)
			rvk_task_init(t, p, false);
		rvk_unlock(b, flags);
		if (task_metadata)
			rvk_task_metadata(p);
	}
	rcu_read_unlock();
	WRITE_ONCE(rvk_running, true);
	return 0;
}

static int rvk_stop(void *data)
{
	WRITE_ONCE(rvk_running, false);
	/* an HA's clock past its bound now is a violation, as at the replay's trace end */
	rvk_pool_finish(rvk_now());
	rvk_puts("rvreplay-kmod: disabled\n");
	if (sync_tracing)
		tracing_off();
	return 0;
}

/* The monitors of the profile asked for, and which of them this kernel can run. */
static int rvk_select_profile(bool verbose)
{
	const struct rv_profile *p = rv_profile_find(strim(profile));
	const char *missing;

	if (!p) {
		pr_err("rvreplay: unknown profile '%s' (6.17, 7.1 or 7.3)\n", profile);
		return -EINVAL;
	}
	rvk_monitors = p->monitors;
	for (rvk_nr_monitors = 0; rvk_monitors[rvk_nr_monitors]; rvk_nr_monitors++)
		;
	rvk_probes_prepare();
	rvk_verdicts_prepare();
	rvk_cpus_prepare();
	rvk_available = 0;
	for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
		missing = rvk_probes_missing(rvk_monitors[i]);
		if (rvk_monitors[i]->instance == RV_GLOBAL) {
			if (verbose)
				pr_warn("rvreplay: monitor %s unavailable: its instance is global, this module's per task or per CPU\n",
					rvk_monitors[i]->name);
		} else if (!rvk_verdicts_traced(rvk_monitors[i]->name)) {
			if (verbose)
				pr_warn("rvreplay: monitor %s unavailable: no trace events for it in this module\n",
					rvk_monitors[i]->name);
		} else if (missing) {
			if (verbose)
				pr_warn("rvreplay: monitor %s unavailable: this kernel has no tracepoint %s\n",
					rvk_monitors[i]->name, missing);
		} else {
			rvk_available |= BIT(i);
		}
	}
	return 0;
}

static int rvk_enable(void)
{
	unsigned long set;
	char names[64];
	int ret;

	if (rvk_enabled)
		return 0;
	ret = rvk_select_profile(false);
	if (ret)
		return ret;
	ret = rvk_parse_monitors(&set);
	if (!ret)
		ret = rvk_parse_params();
	if (ret)
		return ret;
	rvk_active = set;
	memset(&rvk_stats, 0, sizeof(rvk_stats));
	rvk_pool_reset();
	rvk_cpus_reset();
	ret = rvk_probes_attach(set);
	if (ret)
		return ret;
	stop_machine(rvk_start, NULL, NULL);
	rvk_enabled = true;
	rvk_names(set, names, sizeof(names));
	pr_info("rvreplay: monitoring %s (profile %s, %u of %u instances in use)\n", names,
		profile, rvk_pool_used(), rvk_pool_size());
	return 0;
}

static void rvk_disable(void)
{
	if (!rvk_enabled)
		return;
	stop_machine(rvk_stop, NULL, NULL);
	rvk_probes_detach();
	rvk_pool_reset();
	rvk_enabled = false;
	pr_info("rvreplay: monitoring stopped\n");
}

static int rvk_enabled_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret)
		return ret;
	mutex_lock(&rvk_mutex);
	if (!rvk_loaded)
		rvk_enable_at_load = on;	/* insmod rvreplay.ko enabled=1 */
	else if (on)
		ret = rvk_enable();
	else
		rvk_disable();
	mutex_unlock(&rvk_mutex);
	return ret;
}

static int rvk_enabled_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%c\n", READ_ONCE(rvk_enabled) ? 'Y' : 'N');
}

static const struct kernel_param_ops rvk_enabled_ops = {
	.set = rvk_enabled_set,
	.get = rvk_enabled_get,
};
module_param_cb(enabled, &rvk_enabled_ops, NULL, 0644);
MODULE_PARM_DESC(enabled, "Run the monitors (Y/N)");

static int rvk_stats_get(char *buf, const struct kernel_param *kp)
{
	int n;

	n = scnprintf(buf, PAGE_SIZE, "instances %u of %u, events lost: %ld no instance, %ld busy; reactions lost %ld\n",
		      rvk_pool_used(), rvk_pool_size(), atomic_long_read(&rvk_stats.no_instance),
		      atomic_long_read(&rvk_stats.busy), atomic_long_read(&rvk_stats.reactions_lost));
	for (unsigned int i = 0; i < rvk_nr_monitors; i++)
		n += scnprintf(buf + n, PAGE_SIZE - n, "%s: %ld steps, %ld errors\n",
			       rvk_monitors[i]->name, atomic_long_read(&rvk_stats.steps[i]),
			       atomic_long_read(&rvk_stats.errors[i]));
	return n;
}

static const struct kernel_param_ops rvk_stats_ops = {
	.get = rvk_stats_get,
};
module_param_cb(stats, &rvk_stats_ops, NULL, 0444);
MODULE_PARM_DESC(stats, "Since the last enabling: instances in use, events lost, steps and errors per monitor");

static int rvk_available_get(char *buf, const struct kernel_param *kp)
{
	char names[64];

	rvk_names(rvk_available, names, sizeof(names));
	return scnprintf(buf, PAGE_SIZE, "%s\n", names);
}

static const struct kernel_param_ops rvk_available_ops = {
	.get = rvk_available_get,
};
module_param_cb(available, &rvk_available_ops, NULL, 0444);
MODULE_PARM_DESC(available, "The monitors of the loaded or last enabled profile this kernel has every tracepoint for");

static int __init rvk_init(void)
{
	char names[64];
	int ret;

	ret = rvk_probes_find();
	if (ret) {
		pr_err("rvreplay: no system call table for this architecture\n");
		return ret;
	}
	rvk_verdicts_init();
	ret = rvk_select_profile(true);
	if (ret)
		return ret;
	if (!rvk_available) {
		pr_err("rvreplay: no monitor of profile %s can run on this kernel\n", profile);
		return -ENODEV;
	}
	if (!pool_size) {
		pr_err("rvreplay: pool_size must be at least 1\n");
		return -EINVAL;
	}
	ret = rvk_pool_init(pool_size);
	if (ret)
		return ret;
	ret = rvk_cpus_init();
	if (ret) {
		rvk_pool_exit();
		return ret;
	}
	rvk_names(rvk_available, names, sizeof(names));
	pr_info("rvreplay: loaded, profile %s, available monitors: %s\n", profile, names);
	mutex_lock(&rvk_mutex);
	rvk_loaded = true;
	if (rvk_enable_at_load)
		ret = rvk_enable();
	mutex_unlock(&rvk_mutex);
	if (ret) {
		rvk_verdicts_exit();
		rvk_cpus_exit();
		rvk_pool_exit();
	}
	return ret;
}

static void __exit rvk_exit(void)
{
	mutex_lock(&rvk_mutex);
	rvk_disable();
	mutex_unlock(&rvk_mutex);
	rvk_verdicts_exit();
	rvk_cpus_exit();
	rvk_pool_exit();
}

module_init(rvk_init);
module_exit(rvk_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("rvreplay");
MODULE_DESCRIPTION("The runtime-verification monitors of rvreplay (rtapp's pagefault and sleep, wwnr, wip, stall) for kernels without them");
