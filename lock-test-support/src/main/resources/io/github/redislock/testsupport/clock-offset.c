/*
 * Copyright 2026 the original authors.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Loaded with LD_PRELOAD into a redis-server so that its wall clock runs CLOCK_OFFSET_MS
 * milliseconds (negative: behind) away from the machine's, as a server whose clock was set
 * wrong. Only the wall clock moves (clock_gettime on CLOCK_REALTIME and
 * CLOCK_REALTIME_COARSE, gettimeofday, time): the monotonic clocks, which Redis uses for
 * timeouts and latency, keep the machine's, as they would on a skewed host.
 *
 * Build: gcc -shared -fPIC -O2 -o libclockoffset.so clock-offset.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

#define NANOS_PER_SECOND 1000000000LL

static long long offset_nanos;

static int (*real_clock_gettime)(clockid_t, struct timespec *);

static void load(void) {
	if (real_clock_gettime != NULL) {
		return;
	}
	const char *value = getenv("CLOCK_OFFSET_MS");
	offset_nanos = (value != NULL) ? strtoll(value, NULL, 10) * 1000000LL : 0;
	real_clock_gettime = (int (*)(clockid_t, struct timespec *)) dlsym(RTLD_NEXT, "clock_gettime");
}

__attribute__((constructor)) static void init(void) {
	load();
}

static void shift(struct timespec *ts) {
	long long nanos = (long long) ts->tv_sec * NANOS_PER_SECOND + ts->tv_nsec + offset_nanos;
	ts->tv_sec = (time_t) (nanos / NANOS_PER_SECOND);
	ts->tv_nsec = (long) (nanos % NANOS_PER_SECOND);
	if (ts->tv_nsec < 0) {
		ts->tv_sec -= 1;
		ts->tv_nsec += NANOS_PER_SECOND;
	}
}

int clock_gettime(clockid_t clock, struct timespec *ts) {
	load();
	int result = real_clock_gettime(clock, ts);
	if (result == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) {
		shift(ts);
	}
	return result;
}

int gettimeofday(struct timeval *tv, void *tz) {
	/* tz is obsolete and ignored, as by glibc on Linux. */
	(void) tz;
	struct timespec ts;
	int result = clock_gettime(CLOCK_REALTIME, &ts);
	if (result == 0) {
		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = (suseconds_t) (ts.tv_nsec / 1000);
	}
	return result;
}

time_t time(time_t *out) {
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	if (out != NULL) {
		*out = ts.tv_sec;
	}
	return ts.tv_sec;
}
