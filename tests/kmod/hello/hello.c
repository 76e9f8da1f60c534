// SPDX-License-Identifier: GPL-2.0
/*
 * hello.c - the smallest module that proves the kmod guest harness:
 * loading it logs one line and leaves one trace_printk record in tracefs.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/utsname.h>

static int __init hello_init(void)
{
	pr_info("rvtest-hello: loaded on %s\n", utsname()->machine);
	trace_printk("rvtest-hello: trace_printk from init\n");
	return 0;
}

static void __exit hello_exit(void)
{
	pr_info("rvtest-hello: unloaded\n");
}

module_init(hello_init);
module_exit(hello_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("rvreplay kmod test harness probe");
