// SPDX-License-Identifier: GPL-2.0-only
/*
 * udp_wake: an RT receiver blocks WORKLOAD_REPEAT times in recv() of a UDP
 * socket on loopback; a SCHED_OTHER sender on another CPU sends it one
 * datagram every millisecond. Loopback delivers in the NET_RX softirq of
 * the sender's CPU, so the receiver is woken from a soft irq (interrupting
 * the sender), and recv() is no real-time safe sleep (a sleep violation
 * each time; under the 7.3 wakeup monitor the soft irq wakeup is one
 * too). With irq:softirq_entry/exit recorded, the report names NET_RX as
 * the waker's handler. The sender only sleeps until absolute
 * CLOCK_MONOTONIC times.
 *
 * usage: udp_wake
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "workload.h"

#define SEND_PERIOD_NS	WORKLOAD_NSEC_PER_MSEC
/* Time for the receiver to block before the first datagram. */
#define SETUP_NS	(2 * WORKLOAD_NSEC_PER_MSEC)

static int sock;
static struct sockaddr_in addr;
static struct timespec start;

static void *receiver(void *arg)
{
	char byte;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("receiver", "bad", "-");
	for (int i = 0; i < WORKLOAD_REPEAT; i++)
		if (recv(sock, &byte, 1, 0) != 1)
			workload_die("recv: %m");
	return NULL;
}

static void *sender(void *arg)
{
	int out = socket(AF_INET, SOCK_DGRAM, 0);

	(void)arg;
	if (out < 0)
		workload_die("socket: %m");
	workload_pin(WORKLOAD_CPU + 1);
	workload_mark("sender", "ok", "-");
	for (int i = 1; i <= WORKLOAD_REPEAT; i++) {
		workload_sleep_until(workload_after(start, SETUP_NS + i * SEND_PERIOD_NS));
		if (sendto(out, "x", 1, 0, (struct sockaddr *)&addr, sizeof(addr)) != 1)
			workload_die("sendto: %m");
	}
	close(out);
	return NULL;
}

int main(int argc, char **argv)
{
	socklen_t len = sizeof(addr);
	pthread_t r, s;

	if (argc != 1)
		workload_usage("");
	(void)argv;
	workload_init("udp_wake", "default");
	workload_mark("main", "ok", "ok");
	sock = socket(AF_INET, SOCK_DGRAM, 0);
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (sock < 0 || bind(sock, (struct sockaddr *)&addr, sizeof(addr)) ||
	    getsockname(sock, (struct sockaddr *)&addr, &len))
		workload_die("a loopback UDP socket: %m");
	start = workload_now();
	r = workload_start_thread(receiver, NULL);
	s = workload_start_thread(sender, NULL);
	workload_join(s);
	workload_join(r);
	close(sock);
	return 0;
}
