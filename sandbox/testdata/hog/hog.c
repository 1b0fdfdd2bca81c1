/* hog holds memory that no process's resident set shows, to test that a
 * box's memory is metered whole: hog MODE MIB holds MIB MiB (default 256)
 * the MODE way, says "held N MiB" on stdout, and sleeps until killed.
 *
 *   sockets   socket pairs filled both ways and kept
 *   sysv      System V segments attached, touched and detached (exits 0,
 *             saying so, when a segment is removed at its detach)
 *   posix     POSIX shared memory (files of /dev/shm) written and closed
 *   tmpfs     files of $TMPDIR written and closed
 *   memfd     memory files written, their descriptors kept
 *   inflight  memory files written, sent over a unix socket, closed
 *   pipes     pipes grown to the largest size allowed, filled and kept
 *   packets   packet-mode pipes (O_DIRECT) holding one byte a page
 *   msg       System V message queues filled with one-byte messages
 *             (exits 0, saying so, when no more queues may be made)
 *   objects   empty socket pairs, as many as the processes may hold
 *   epoll     epoll instances each watching hundreds of descriptors
 *   uring     io_uring instances of the largest rings, never mapped
 *             (exits 0, saying so, when the kernel refuses one)
 *   honest    MIB MiB of the heap, touched, then exits 0
 *   ptes      page tables: four processes each mapping one page of a
 *             memory file every 2 MiB of a reserved range
 *   nestns    a tmpfs of its own, in user and mount namespaces it makes,
 *             filled (exits 0, saying so, when it may not make them)
 *   nodump    memory files held as descriptors by a process made
 *             non-dumpable (its /proc/<pid>/fd is root's)
 *   uringfiles memory files registered in an io_uring instance, closed
 *             (exits 0, saying so, when the kernel refuses io_uring)
 *   reserve   a private mapping of 3 MIB MiB, MIB MiB of it touched, as a
 *             contest's global array sized for the largest input (exits 0)
 *   shared    memory files of 8 MiB, MIB MiB in all, mapped shared,
 *             touched and kept open a while (exits 0)
 *   zap       a shared anonymous mapping, filled 8 MiB at a time, each
 *             part's pages then dropped from the mapping (MADV_DONTNEED:
 *             the object keeps them)
 *   mapclose  memory files of 8 MiB, written, a page of each mapped,
 *             their descriptors closed
 *   removed   POSIX shared memory (files of /dev/shm) written, removed,
 *             their descriptors kept (mapremoved: a page of each mapped,
 *             their descriptors closed)
 *   mapclose32 as mapclose, the memory files made by 32-bit system calls
 *             (int 0x80; exits 0 saying "no 32-bit calls" when refused,
 *             or on another machine than amd64)
 *   sysvzap   System V segments attached, filled, their pages dropped
 *             from the mapping (MADV_DONTNEED), kept attached
 *   lazyfree  private mappings of 8 MiB filled, handed back with MADV_FREE
 *             (LazyFree pages: the program's until the kernel takes them;
 *             a refused MADV_FREE, EINVAL, leaves them ordinary), then
 *             read back (exits 0 saying "nothing held: pages taken" when
 *             the kernel took some, as a cgroup at its limit does)
 *   uringfree the same, MADV_FREE asked through an io_uring, which no
 *             seccomp filter sees (exits 0 saying "nothing held: no
 *             io_uring" when the kernel refuses io_uring)
 *   calls     not memory: prints what the calls that tell or set the
 *             host's page cache of a file, those that make namespaces and
 *             memfd_secret answer, and exits 0
 *   netlink   netlink sockets (NETLINK_USERSOCK) each sending datagrams to
 *             itself, left unread in its queue, the kernel's memory
 *             (exits 0 saying "no netlink" when the box refuses the
 *             family, EAFNOSUPPORT)
 *   pool      a buffer pool: four blocks of MIB MiB filled in turn, each
 *             handed back with MADV_FREE, or MADV_DONTNEED where MADV_FREE
 *             is refused (as jemalloc and Go's runtime do); exits 0
 *
 * The System V modes exit 0 saying "no System V IPC" when the box
 * refuses it (ENOSYS), posix, removed and mapremoved "no POSIX shared memory" when it may not
 * write in /dev/shm (EACCES).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <linux/io_uring.h>
#include <linux/netlink.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <signal.h>
#include <linux/fs.h>
#include <unistd.h>

#define MIB (1L << 20)

static char page[1 << 16];

/* fill writes to fd until it would block or want bytes went, and
 * returns how many went. */
static long fill(int fd, long want, size_t chunk) {
	long n = 0;
	while (n < want) {
		ssize_t k = write(fd, page, chunk);
		if (k <= 0)
			break;
		n += k;
	}
	return n;
}

static void held(long bytes) {
	printf("held %ld MiB\n", bytes / MIB);
	fflush(stdout);
	for (;;)
		pause();
}

/* more passes the descriptors on to a new process when this one has
 * none left: the caller keeps its own, the child closes them and goes on.
 * It returns 0 in the child, and never in the parent. */
static int more(void) {
	if (errno != EMFILE)
		return -1;
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid > 0)
		for (;;)
			pause();
	for (int fd = 3; fd < 65536; fd++)
		close(fd);
	return 0;
}

/* child is a clone's child: it ends at once. */
static int child(void *arg) {
	(void)arg;
	return 0;
}

/* uring_madvise asks madvise(p, len, advice) of the kernel through an
 * io_uring of one entry, set up on first use, and returns the call's
 * result, -errno, or -ENOSYS when the kernel refuses io_uring. */
static int uring_madvise(void *p, long len, int advice) {
	static int fd = -1;
	static unsigned *sqtail, *sqmask, *sqarray, *cqhead, *cqtail, *cqmask;
	static struct io_uring_sqe *sqes;
	static struct io_uring_cqe *cqes;
	if (fd < 0) {
		struct io_uring_params prm;
		memset(&prm, 0, sizeof prm);
		int r = syscall(SYS_io_uring_setup, 1, &prm);
		if (r < 0)
			return -ENOSYS;
		char *sq = mmap(NULL, prm.sq_off.array + prm.sq_entries * sizeof(unsigned), PROT_READ | PROT_WRITE, MAP_SHARED, r, IORING_OFF_SQ_RING);
		char *cq = mmap(NULL, prm.cq_off.cqes + prm.cq_entries * sizeof(struct io_uring_cqe), PROT_READ | PROT_WRITE, MAP_SHARED, r, IORING_OFF_CQ_RING);
		sqes = mmap(NULL, prm.sq_entries * sizeof(struct io_uring_sqe), PROT_READ | PROT_WRITE, MAP_SHARED, r, IORING_OFF_SQES);
		if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED)
			return -ENOSYS;
		sqtail = (unsigned *)(sq + prm.sq_off.tail);
		sqmask = (unsigned *)(sq + prm.sq_off.ring_mask);
		sqarray = (unsigned *)(sq + prm.sq_off.array);
		cqhead = (unsigned *)(cq + prm.cq_off.head);
		cqtail = (unsigned *)(cq + prm.cq_off.tail);
		cqmask = (unsigned *)(cq + prm.cq_off.ring_mask);
		cqes = (struct io_uring_cqe *)(cq + prm.cq_off.cqes);
		fd = r;
	}
	unsigned tail = *sqtail, i = tail & *sqmask;
	memset(&sqes[i], 0, sizeof sqes[i]);
	sqes[i].opcode = IORING_OP_MADVISE;
	sqes[i].addr = (unsigned long)p;
	sqes[i].len = len;
	sqes[i].fadvise_advice = advice;
	sqarray[i] = i;
	__atomic_store_n(sqtail, tail + 1, __ATOMIC_RELEASE);
	if (syscall(SYS_io_uring_enter, fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) < 0)
		return -errno;
	unsigned head = *cqhead;
	if (head == __atomic_load_n(cqtail, __ATOMIC_ACQUIRE))
		return -EAGAIN;
	int res = cqes[head & *cqmask].res;
	__atomic_store_n(cqhead, head + 1, __ATOMIC_RELEASE);
	return res;
}

static int fail(const char *what, long bytes) {
	fprintf(stderr, "%s: %s (after %ld MiB)\n", what, strerror(errno), bytes / MIB);
	return 3;
}

/* memfile is a memory file of size bytes, written. */
static int memfile(long size) {
	int fd = memfd_create("hog", 0);
	if (fd < 0)
		return -1;
	for (long n = 0; n < size; n += sizeof page)
		if (write(fd, page, sizeof page) != sizeof page)
			return -1;
	return fd;
}

/* nosysv says so and ends the program when the box refuses System V
 * IPC. */
static void nosysv(void) {
	if (errno == ENOSYS) {
		printf("no System V IPC\n");
		exit(0);
	}
}

static int sendfd(int sock, int fd) {
	char data = 'x';
	struct iovec iov = {&data, 1};
	char ctl[CMSG_SPACE(sizeof(int))];
	struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

int main(int argc, char **argv) {
	const char *mode = argc > 1 ? argv[1] : "";
	long want = (argc > 2 ? atol(argv[2]) : 256) * MIB, got = 0;
	memset(page, 'x', sizeof page);
	if (!strcmp(mode, "sockets")) {
		while (got < want) {
			int sv[2];
			if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv) < 0) {
				if (more() == 0)
					continue;
				return fail("socketpair", got);
			}
			int big = 1 << 30;
			for (int i = 0; i < 2; i++)
				setsockopt(sv[i], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
			got += fill(sv[0], want - got, sizeof page);
			got += fill(sv[1], want - got, sizeof page);
		}
	} else if (!strcmp(mode, "sysv")) {
		for (; got < want; got += 8 * MIB) {
			int id = shmget(IPC_PRIVATE, 8 * MIB, IPC_CREAT | 0600);
			if (id < 0) {
				nosysv();
				return fail("shmget", got);
			}
			char *p = shmat(id, NULL, 0);
			if (p == (void *)-1)
				return fail("shmat", got);
			memset(p, 'x', 8 * MIB);
			shmdt(p);
			struct shmid_ds ds;
			if (shmctl(id, IPC_STAT, &ds) < 0) {
				printf("segment removed at detach\n");
				return 0;
			}
		}
	} else if (!strcmp(mode, "posix") || !strcmp(mode, "tmpfs")) {
		const char *tmp = getenv("TMPDIR");
		for (int i = 0; got < want; i++, got += 8 * MIB) {
			char name[4096];
			int fd;
			if (!strcmp(mode, "posix")) {
				snprintf(name, sizeof name, "/hog%d", i);
				fd = shm_open(name, O_CREAT | O_RDWR, 0600);
			} else {
				snprintf(name, sizeof name, "%s/hog%d", tmp ? tmp : "/tmp", i);
				fd = open(name, O_CREAT | O_RDWR, 0600);
			}
			if (fd < 0 && errno == EACCES && !strcmp(mode, "posix")) {
				printf("no POSIX shared memory\n");
				return 0;
			}
			if (fd < 0)
				return fail(name, got);
			if (fill(fd, 8 * MIB, sizeof page) != 8 * MIB)
				return fail("write", got);
			close(fd);
		}
	} else if (!strcmp(mode, "memfd") || !strcmp(mode, "inflight")) {
		int sv[2] = {-1, -1};
		if (!strcmp(mode, "inflight") && socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) < 0)
			return fail("socketpair", got);
		for (; got < want; got += 8 * MIB) {
			int fd = memfile(8 * MIB);
			if (fd < 0)
				return fail("memfd", got);
			if (sv[0] >= 0) {
				if (sendfd(sv[0], fd) < 0)
					return fail("sendmsg", got);
				close(fd);
			}
		}
	} else if (!strcmp(mode, "pipes") || !strcmp(mode, "packets")) {
		int direct = !strcmp(mode, "packets");
		while (got < want) {
			int p[2];
			if (pipe2(p, O_NONBLOCK | (direct ? O_DIRECT : 0)) < 0) {
				if (more() == 0)
					continue;
				return fail("pipe", got);
			}
			if (!direct)
				for (int size = 1 << 20; size >= 4096 && fcntl(p[1], F_SETPIPE_SZ, size) < 0; size /= 2)
					;
			long n = fill(p[1], want - got, direct ? 1 : sizeof page);
			if (n == 0)
				return fail("filling a pipe", got);
			got += direct ? n * 4096 : n;
		}
	} else if (!strcmp(mode, "msg")) {
		/* A one-byte message takes about 64 bytes of the kernel's memory. */
		struct {
			long type;
			char text[1];
		} m = {1, {'x'}};
		while (got < want) {
			int id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
			if (id < 0 && errno == ENOSPC) {
				printf("no more queues after %ld MiB\n", got / MIB);
				return 0;
			}
			if (id < 0) {
				nosysv();
				return fail("msgget", got);
			}
			while (msgsnd(id, &m, 1, IPC_NOWAIT) == 0)
				got += 64;
		}
	} else if (!strcmp(mode, "objects")) {
		/* A unix socket is about 2 KiB of the kernel's memory. */
		while (got < want) {
			int sv[2];
			if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) {
				if (more() == 0)
					continue;
				return fail("socketpair", got);
			}
			got += 4096;
		}
	} else if (!strcmp(mode, "epoll")) {
		/* A watch is about 200 bytes of the kernel's memory. */
		for (;;) {
			int targets[256], n = 0;
			for (; n < 256; n++)
				if ((targets[n] = eventfd(0, 0)) < 0)
					break;
			for (;;) {
				int ep = epoll_create1(0);
				if (ep < 0)
					break;
				for (int i = 0; i < n; i++) {
					struct epoll_event ev = {.events = EPOLLIN};
					if (epoll_ctl(ep, EPOLL_CTL_ADD, targets[i], &ev) == 0)
						got += 200;
				}
				if (got >= want)
					held(got);
			}
			if (more() != 0)
				return fail("epoll", got);
		}
	} else if (!strcmp(mode, "uring")) {
		while (got < want) {
			struct io_uring_params p = {0};
			int fd = syscall(SYS_io_uring_setup, 32768, &p);
			if (fd < 0 && errno == ENOSYS) {
				printf("no io_uring\n");
				return 0;
			}
			if (fd < 0 && errno == ENOMEM) {
				printf("no more rings after %ld MiB\n", got / MIB);
				return 0;
			}
			if (fd < 0) {
				if (more() == 0)
					continue;
				return fail("io_uring_setup", got);
			}
			got += (long)p.sq_entries * 64 + (long)p.cq_entries * 16;
		}
	} else if (!strcmp(mode, "honest")) {
		char *p = malloc(want);
		if (!p)
			return fail("malloc", 0);
		memset(p, 'x', want);
		printf("used %ld MiB\n", want / MIB);
		return p[want - 1] == 'x' ? 0 : 1;
	} else if (!strcmp(mode, "ptes")) {
		int fd = memfile(4096);
		long n = want / 4 / 4096; /* a page table page a mapping */
		for (int k = 0; k < 4; k++) {
			if (k < 3 && fork() != 0)
				continue;
			char *base = mmap(NULL, n * 2 * MIB, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
			if (fd < 0 || base == MAP_FAILED)
				return fail("reserve", got);
			for (long i = 0; i < n; i++) {
				volatile char *p = mmap(base + i * 2 * MIB, 4096, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0);
				if (p == MAP_FAILED)
					return fail("mmap", got);
				(void)p[0];
			}
			got = want;
			break;
		}
	} else if (!strcmp(mode, "nestns")) {
		int ids[2] = {getuid(), getgid()};
		if (unshare(CLONE_NEWUSER | CLONE_NEWNS) < 0) {
			printf("no namespaces\n");
			return 0;
		}
		const char *files[] = {"/proc/self/uid_map", "/proc/self/setgroups", "/proc/self/gid_map"};
		int ok = 1;
		for (int i = 0; i < 3; i++) {
			char map[64];
			int n = i == 1 ? snprintf(map, sizeof map, "deny") : snprintf(map, sizeof map, "0 %d 1", ids[i / 2]);
			int fd = open(files[i], O_WRONLY);
			ok = ok && fd >= 0 && write(fd, map, n) == n;
			close(fd);
		}
		if (!ok || mount("none", "/tmp", "tmpfs", 0, "size=1g") < 0) {
			printf("no namespaces\n");
			return 0;
		}
		for (int i = 0; got < want; i++, got += 8 * MIB) {
			char name[64];
			snprintf(name, sizeof name, "/tmp/hog%d", i);
			int f = open(name, O_CREAT | O_RDWR, 0600);
			if (f < 0 || fill(f, 8 * MIB, sizeof page) != 8 * MIB)
				return fail(name, got);
			close(f);
		}
	} else if (!strcmp(mode, "nodump")) {
		prctl(PR_SET_DUMPABLE, 0);
		for (; got < want; got += 8 * MIB)
			if (memfile(8 * MIB) < 0)
				return fail("memfd", got);
	} else if (!strcmp(mode, "uringfiles")) {
		struct io_uring_params p = {0};
		int ring = syscall(SYS_io_uring_setup, 4, &p), n = want / (8 * MIB), fds[4096];
		if (ring < 0 || n > 4096) {
			printf("no io_uring\n");
			return 0;
		}
		for (int i = 0; i < n; i++)
			fds[i] = -1;
		if (syscall(SYS_io_uring_register, ring, IORING_REGISTER_FILES, fds, n) < 0) {
			printf("no io_uring\n");
			return 0;
		}
		for (int i = 0; i < n; i++) { /* one at a time: never two open */
			int fd = memfile(8 * MIB);
			struct io_uring_files_update u = {.offset = i, .fds = (unsigned long)&fd};
			if (fd < 0 || syscall(SYS_io_uring_register, ring, IORING_REGISTER_FILES_UPDATE, &u, 1) < 0)
				return fail("register", got);
			close(fd);
		}
		got = want;
	} else if (!strcmp(mode, "pool")) {
		/* A buffer pool that hands each block back with MADV_FREE (as
		   jemalloc does): four blocks filled in turn, one in use at a time. */
		for (int k = 0; k < 4; k++) {
			char *p = mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (p == MAP_FAILED)
				return fail("mmap", 0);
			memset(p, 'x', want);
			if (madvise(p, want, MADV_FREE) < 0 && (errno != EINVAL || madvise(p, want, MADV_DONTNEED) < 0))
				return fail("madvise", 0);
			usleep(200000); /* for the meter to see it */
		}
		printf("used %ld MiB\n", want / MIB);
		return 0;
	} else if (!strcmp(mode, "reserve")) {
		char *p = mmap(NULL, 3 * want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return fail("mmap", 0);
		memset(p, 'x', want);
		usleep(300000); /* for the meter to see it */
		printf("used %ld MiB\n", want / MIB);
		return 0;
	} else if (!strcmp(mode, "shared")) {
		for (; got < want; got += 8 * MIB) {
			int fd = memfile(8 * MIB);
			char *p = fd < 0 ? MAP_FAILED : mmap(NULL, 8 * MIB, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
			if (p == MAP_FAILED)
				return fail("memfd", got);
			memset(p, 'y', 8 * MIB);
		}
		usleep(300000); /* for the meter to see it */
		printf("used %ld MiB\n", want / MIB);
		return 0;
	} else if (!strcmp(mode, "zap")) {
		char *p = mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return fail("mmap", got);
		for (; got < want; got += 8 * MIB) {
			memset(p + got, 'x', 8 * MIB);
			madvise(p + got, 8 * MIB, MADV_DONTNEED);
		}
	} else if (!strcmp(mode, "mapclose")) {
		for (; got < want; got += 8 * MIB) {
			int fd = memfile(8 * MIB);
			if (fd < 0 || mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED)
				return fail("memfd", got);
			close(fd);
		}
	} else if (!strcmp(mode, "removed") || !strcmp(mode, "mapremoved")) {
		for (int i = 0; got < want; i++, got += 8 * MIB) {
			char name[64];
			snprintf(name, sizeof name, "/hog%d-%d", (int)getpid(), i);
			int fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
			if (fd < 0 && errno == EACCES) {
				printf("no POSIX shared memory\n");
				return 0;
			}
			if (fd < 0 || fill(fd, 8 * MIB, sizeof page) != 8 * MIB)
				return fail(name, got);
			shm_unlink(name);
			if (!strcmp(mode, "mapremoved")) {
				if (mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED)
					return fail("mmap", got);
				close(fd);
			}
		}
	} else if (!strcmp(mode, "mapclose32")) {
#ifdef __x86_64__
		char *name = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
		if (name == MAP_FAILED)
			return fail("mmap", got);
		strcpy(name, "hog");
		for (; got < want; got += 8 * MIB) {
			long fd;
			/* memfd_create is 356 in the i386 table */
			__asm__ volatile("int $0x80" : "=a"(fd) : "a"(356L), "b"(name), "c"(0L) : "memory");
			if (fd == -ENOSYS) {
				printf("no 32-bit calls\n");
				return 0;
			}
			if (fd < 0 || fill(fd, 8 * MIB, sizeof page) != 8 * MIB ||
			    mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED)
				return fail("memfd", got);
			close(fd);
		}
#else
		printf("no 32-bit calls\n");
		return 0;
#endif
	} else if (!strcmp(mode, "lazyfree") || !strcmp(mode, "uringfree")) {
		static char *parts[4096];
		int n = 0;
		for (; got < want && n < 4096; got += 8 * MIB) {
			char *p = parts[n++] = mmap(NULL, 8 * MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (p == MAP_FAILED)
				return fail("mmap", got);
			memset(p, 'x', 8 * MIB);
			if (!strcmp(mode, "lazyfree")) {
				madvise(p, 8 * MIB, MADV_FREE); /* refused: the pages stay ordinary */
			} else {
				int r = uring_madvise(p, 8 * MIB, MADV_FREE);
				if (r == -ENOSYS || r == -EPERM) {
					printf("nothing held: no io_uring\n");
					return 0;
				}
				if (r < 0) {
					errno = -r;
					return fail("io_uring madvise", got);
				}
			}
		}
		for (int i = 0; i < n; i++)
			for (long off = 0; off < 8 * MIB; off += 4096)
				if (parts[i][off] != 'x') {
					printf("nothing held: pages taken\n");
					return 0;
				}
	} else if (!strcmp(mode, "netlink")) {
		static char msg[60 << 10];
		((struct nlmsghdr *)msg)->nlmsg_len = sizeof msg;
		((struct nlmsghdr *)msg)->nlmsg_type = NLMSG_MIN_TYPE;
		while (got < want) {
			int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK);
			if (fd < 0 && errno == EAFNOSUPPORT) {
				printf("no netlink\n");
				return 0;
			}
			if (fd < 0) {
				if (more() == 0)
					continue;
				return fail("socket", got);
			}
			int big = 1 << 30;
			setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
			struct sockaddr_nl me = {.nl_family = AF_NETLINK};
			socklen_t len = sizeof me;
			if (bind(fd, (struct sockaddr *)&me, sizeof me) < 0 || getsockname(fd, (struct sockaddr *)&me, &len) < 0)
				return fail("bind", got);
			long sent = 0;
			while (got < want && sendto(fd, msg, sizeof msg, MSG_DONTWAIT, (struct sockaddr *)&me, sizeof me) == sizeof msg)
				got += sizeof msg, sent++;
			if (sent == 0)
				return fail("sendto", got);
		}
	} else if (!strcmp(mode, "calls")) {
		/* Not memory: what the calls that tell or set what the host's page
		 * cache holds of a host file (its own program), the calls that make
		 * namespaces and memfd_secret answer, one line each; exits 0. */
		int fd = open("/proc/self/exe", O_RDONLY);
		static char b[4096];
		struct iovec v = {b, sizeof b};
		struct io_uring_params prm = {0};
		long range[2] = {0, 1 << 20}, stat[4];
		if (fd < 0)
			return fail("open", 0);
		char *m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
		if (m == MAP_FAILED)
			return fail("mmap", 0);
		printf("fadvise %d\n", posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED));
		printf("readahead %s\n", syscall(SYS_readahead, fd, 0L, 4096L) < 0 ? strerror(errno) : "done");
		printf("preadv2 nowait %s\n", preadv2(fd, &v, 1, 0, RWF_NOWAIT) < 0 ? strerror(errno) : "read");
		printf("preadv2 %s\n", preadv2(fd, &v, 1, 0, 0) < 0 ? strerror(errno) : "read");
		printf("cachestat %s\n", syscall(451, fd, range, stat, 0) < 0 ? strerror(errno) : "answered");
		printf("io_uring %s\n", syscall(SYS_io_uring_setup, 1, &prm) < 0 ? strerror(errno) : "made");
		unsigned long aio = 0;
		printf("io_setup %s\n", syscall(SYS_io_setup, 1, &aio) < 0 ? strerror(errno) : "made");
		printf("pageout %s\n", madvise(m, 4096, MADV_PAGEOUT) < 0 ? strerror(errno) : "done");
		printf("cold %s\n", madvise(m, 4096, MADV_COLD) < 0 ? strerror(errno) : "done");
		printf("unshare %s\n", unshare(CLONE_NEWUSER | CLONE_NEWNET) < 0 ? strerror(errno) : "done");
		long args3[11] = {0};
		args3[0] = CLONE_NEWNET, args3[4] = SIGCHLD;
		long c3 = syscall(SYS_clone3, args3, sizeof args3);
		if (c3 == 0)
			_exit(0);
		printf("clone3 %s\n", c3 < 0 ? strerror(errno) : "made");
		static char stack[1 << 16];
		int c = clone(child, stack + sizeof stack, CLONE_NEWUSER | CLONE_NEWNET | SIGCHLD, NULL);
		printf("clone newnet %s\n", c < 0 ? strerror(errno) : "made");
		if (c > 0)
			waitpid(c, NULL, 0);
		printf("memfd_secret %s\n", syscall(447, 0) < 0 ? strerror(errno) : "made");
		return 0;
	} else if (!strcmp(mode, "sysvzap")) {
		for (; got < want; got += 8 * MIB) {
			int id = shmget(IPC_PRIVATE, 8 * MIB, IPC_CREAT | 0600);
			if (id < 0) {
				nosysv();
				return fail("shmget", got);
			}
			char *p = shmat(id, NULL, 0);
			if (p == (void *)-1)
				return fail("shmat", got);
			memset(p, 'x', 8 * MIB);
			madvise(p, 8 * MIB, MADV_DONTNEED);
		}
	} else {
		fprintf(stderr, "usage: hog sockets|sysv|posix|tmpfs|memfd|inflight|pipes|packets|honest|reserve|shared|zap|mapclose|mapclose32|removed|mapremoved|sysvzap|lazyfree|uringfree|pool [MiB]\n");
		return 2;
	}
	held(got);
}
