// Package sandbox runs untrusted programs (student submissions, compilers
// and interpreters included) in a box with limits, from which nothing escapes.
//
// # Use
//
// Run takes a Spec (program, arguments, working files, stdin,
// environment, Limits) and returns a Result: exit status or signal, the
// Limit that was hit, CPU and wall time, peak memory, stdout and stderr
// cut at Limits.Output, and the files named by Spec.Collect. A program
// that fails is a Result; an error means the sandbox itself broke.
//
// A C submission is compiled in one box and run in another, where the
// program is a file of the box's working directory ("./main": a path with
// a slash is looked up in the box, never on the host):
//
//	res, err := sandbox.Run(ctx, sandbox.Spec{Path: "/usr/bin/gcc", Args: []string{"-o", "main", "sum.c"},
//		Files: src, Collect: []string{"*"}})
//	res, err = sandbox.Run(ctx, sandbox.Spec{Path: "./main", Args: []string{"3", "4"}, Files: res.Files})
//
// The package knows no language: interpreter options (a JVM's -Xmx) are
// arguments like any other, and a program's own report of a limit (a
// JVM's OutOfMemoryError) is for the caller to read from Stderr.
//
// # The helper, and what a main package must do
//
// Nothing. On Linux every box is managed by a helper process, which is
// the running binary itself re-executed through /proc/self/exe with the
// environment variable _AUTOGRADER_SANDBOX set. This package's init
// function notices the variable and runs the helper instead of the
// program's main (or a test binary's TestMain), so any binary that links
// the package, cmd/autograder and go test binaries alike, serves as its
// own helper. The binary must not be a different program by then: do not
// replace /proc/self/exe by exec'ing something else.
//
// The helper is born (by clone) in the box's new namespaces, waits on a
// pipe until the parent has moved it into the box's cgroup and sent the
// config, builds the box's file system, starts the program in a user
// namespace of its own, sets its rlimits while it is stopped at its exec
// (ptrace), reaps it and everything it left behind, collects files and
// reports over a second pipe. The working files' bytes follow the config
// on its pipe and go straight into the box's files, never held in the
// helper's memory, which the box's memory limit counts: a box given a
// 512 MiB program holds it once. It stays the box's PID 1, so its exit
// kills whatever is left.
//
// The parent's side of a run takes the steps go-judge's envexec takes:
// the helper's config (boxConfig: the box's folder, binds and rlimits by
// tier), the cgroup, the helper started and sent its config
// (startHelper), its end awaited with the box's CPU time watched
// (helper.wait, at every tier but basic), and its report read into a Result (result, classify).
// The wall clock, the kill and the captured streams are one type,
// streams, which the basic tier's run shares.
//
// # Tiers
//
// Detect picks, once, the strongest tier the machine allows, and Reason
// says why (for `autograder doctor`):
//
//   - TierFull (root with cgroup v1 or v2): mount, PID, IPC, UTS and
//     network namespaces; a read-only view of /usr, /bin, /lib*, part of
//     /etc and the program's own file; a tmpfs of Limits.BoxSize holding
//     the working directory /box and /tmp; a fresh /proc; no network but
//     a down loopback; a cgroup per box for memory (no swap), processes
//     and CPU, named with random bits and hidden from the program by a
//     cgroup namespace rooted at it (/proc/self/cgroup shows "/"); the program runs as a uid of its own (from 1000000000 up, a
//     block of 10000 per grader process) with no capabilities and
//     no_new_privs.
//   - TierNamespaces (no writable cgroup; without root through a user
//     namespace): the same box, but processes are bounded by RLIMIT_NPROC,
//     per process. CPU time and memory are the whole box's, as on the full
//     tier, read from /proc instead of a cgroup; the cgroup namespace
//     shows the program "/" too.
//   - TierFallback (Linux without namespaces): rlimits, a process group,
//     and the helper as child subreaper kills what the program leaves
//     behind. Files are readable and the network reachable; Run prints a
//     warning once. Without root the program, which is then the grader's
//     user, may write only below its own folder (Landlock,
//     landlock_linux.go; without it no box runs) and make no System V
//     IPC object (seccomp_linux.go). The program sees the grader's
//     own cgroup (in a cgroup namespace, "/", when it has a user
//     namespace of its own), the same for every box.
//   - TierBasic (macOS, Windows and the rest): a temporary working
//     directory, wall time and output limits and a kill of the process
//     (on Unix its process group). Memory, processes, files and network
//     are not contained; on Windows children of the program outlive a
//     kill (no Job Object yet).
//
// # Limits and how they show
//
// Wall time is the parent's clock, less, at every tier but basic, the
// time the box waited for a core while other work ran (Result.Stall; the
// rule is in stall_linux.go), up to thirty times the limit. CPU time is
// the whole box's, all its processes and threads and the children they
// reaped, polled every 50 ms from outside the box by its meter (below)
// at every tier but basic, the box killed and the run reported as at its
// CPU limit (Signal CPULimitSignal) once the total passes Limits.CPU: a
// program whose children each stay under the limit cannot use several
// times it.
// RLIMIT_CPU, per process, is a backstop a second past the limit. A box
// that used its CPU limit hit it, however it ended (a program that caught
// SIGXCPU and then printed an answer too); one that raised SIGXCPU
// itself, far from its limit, was killed by a signal. Result.CPU is that total: the
// cgroup's count, or, below the full tier, what the helper reaped once
// the box is empty (or the last reading, for a box killed by its
// parent). Memory is the cgroup's limit (the box's tmpfs and the
// kernel's memory for the box count too), reported as Memory when the
// OOM killer struck. Where no cgroup counts it (TierNamespaces,
// TierFallback) the memory of the whole box is sampled from outside
// every 50 ms, as its CPU time: the anonymous pages of its processes,
// proportionally (a page shared after a fork counts once; memory
// reserved and never touched, and files mapped, do not count; pages
// handed back with MADV_FREE do, and the seccomp filter refuses
// madvise's MADV_FREE so that an allocator uses MADV_DONTNEED), their
// page tables, each shared memory object they map once (whole where
// /proc/<pid>/map_files may be read, else a shared anonymous mapping or
// System V segment as far as its mappings reached), the memory files
// the grader made for the box (a seccomp filter hands it every
// memfd_create: seccomp_linux.go) whole, and a fixed cost
// for each of their threads and descriptors; what they hold in the
// kernel through those descriptors (held_linux.go: memory files, what waits in pipes and unix
// sockets, files in flight in those sockets, epoll watches, io_uring
// rings and registered files); a box with a process in mount or IPC
// namespaces of its own, or non-dumpable, is over its limit; on TierNamespaces its tmpfs; on TierFallback, its folder when
// that is a tmpfs, and, when the grader is root, what the box's uid
// holds in the host's System V IPC and tmpfs folders (host_linux.go,
// which also removes it after the run). Over Limits.Memory the box is
// killed and the run reported at its Memory limit, so four processes of
// 48 MiB cannot pass a 128 MiB limit that each alone passes. What no
// meter reads is bounded the same way at every tier that has it, the
// full tier too: in the box's IPC namespace a System V segment is
// destroyed at its last detach, and message queues and semaphore sets
// are few; RLIMIT_MEMLOCK is the kernel's default, 8 MiB. RLIMIT_DATA is not
// set: it counts memory reserved and never touched, which the full tier
// does not. Processes are
// pids.max (a little slack is added for the helper's threads); output
// is cut at Limits.Output each for stdout and stderr, and the box is
// killed (with Limits.RunPastOutput the rest is read and discarded, and
// the program runs on); file size is RLIMIT_FSIZE, seen as SIGXFSZ or as a file at
// exactly the cap (the JVM ignores the signal); box size is the tmpfs,
// seen as a nearly full box. RLIMIT_AS is never set: below about 2 GiB
// it stops the JVM from starting. The stack is RLIMIT_STACK, set for
// the program whatever the grader's own (Limits.Stack; unlimited by
// default, as contest judges give it), but never above the grader's
// hard limit, which only a privileged process raises (StackOf says what
// a run gets).
//
// The meter is the cgroup's count on TierFull; on TierNamespaces and
// TierFallback it is the sum over /proc of every process below the
// helper (utime, stime, and cutime and cstime for the children each
// reaped) and the helper's own cutime and cstime (it is the box's PID 1,
// or its subreaper, and reaps the orphans); TierBasic has none
// (Tier.Metered). A caller that enforces limits of its own inside one run
// (grader/warm: one case after another in one JVM) reads it while the box
// runs through Spec.Meter.

package sandbox
