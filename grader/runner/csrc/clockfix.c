/* Preloaded before libfaketime in the runs of a repeated case (see
   clockfix.go): the grader shifts the wall clock only, and libfaketime
   0.9.10 (Debian 12's) turns an absolute sleep on the real monotonic
   clock into a sleep until a time long past, which the kernel refuses
   (EINVAL): Python 3.11's time.sleep failed in every such run. A sleep on
   a monotonic clock goes straight to the kernel; every other call goes on
   to libfaketime. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef int (*sleeper)(clockid_t, int, const struct timespec *, struct timespec *);

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *req, struct timespec *rem)
{
	static sleeper next;
	if (clock == CLOCK_MONOTONIC || clock == CLOCK_MONOTONIC_RAW || clock == CLOCK_BOOTTIME) {
		if (syscall(SYS_clock_nanosleep, clock, flags, req, rem) == -1)
			return errno;
		return 0;
	}
	if (next == NULL)
		next = (sleeper)dlsym(RTLD_NEXT, "clock_nanosleep");
	if (next == NULL)
		return ENOSYS;
	return next(clock, flags, req, rem);
}
