package sandbox

import (
	"context"
	"encoding/binary"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestRefusedCalls: on every tier but basic (no filter: macOS, Windows,
// and Linux only when a test asks for it), a box can neither tell nor set
// which pages of a host file the page cache holds by the calls made for
// it (pageCacheCalls): fadvise and readahead do nothing, a read that must
// not wait is refused, cachestat, io_uring and Linux AIO are not there, and pages
// of a mapped file cannot be pushed out; a plain read still reads. Nor
// can it make a network namespace (or any but a user one), by unshare,
// clone or clone3, or memfd_secret's memory (namespaceCalls).
func TestRefusedCalls(t *testing.T) {
	const want = "fadvise 0\nreadahead done\npreadv2 nowait Operation not supported\npreadv2 read\n" +
		"cachestat Function not implemented\nio_uring Function not implemented\nio_setup Function not implemented\npageout Invalid argument\ncold Invalid argument\n" +
		"unshare Operation not permitted\nclone3 Function not implemented\nclone newnet Operation not permitted\nmemfd_secret Function not implemented\n"
	for _, tier := range tiers(t) {
		if tier == TierBasic {
			continue
		}
		t.Run(tier.String(), func(t *testing.T) {
			t.Parallel()
			s := hogSpec(t, "calls", "0")
			s.Limits = Limits{Memory: 128 << 20, Wall: time.Minute, CPU: time.Minute}
			res, err := run(context.Background(), s, tier)
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || string(res.Stdout) != want {
				t.Errorf("exit %d, limit %v, stdout %q, stderr %.300q; want %q", res.ExitCode, res.Limit, res.Stdout, res.Stderr, want)
			}
		})
	}
}

// TestBoxFilter runs the box's seccomp program on system calls, as the
// kernel would, and checks each answer.
func TestBoxFilter(t *testing.T) {
	arch := auditArch()
	if arch == 0 {
		t.Skip("no seccomp filter on this architecture")
	}
	const (
		allow  = unix.SECCOMP_RET_ALLOW
		notify = unix.SECCOMP_RET_USER_NOTIF
	)
	errno := func(e unix.Errno) uint32 { return unix.SECCOMP_RET_ERRNO | uint32(e) }
	rows := []struct {
		name          string
		nr            int
		args          [6]uint64
		memfds, nosys bool
		want          uint32
	}{
		{name: "read", nr: unix.SYS_READ, want: allow},
		{name: "fadvise", nr: unix.SYS_FADVISE64, args: [6]uint64{3, 0, 0, unix.FADV_DONTNEED}, want: errno(0)},
		{name: "readahead", nr: unix.SYS_READAHEAD, want: errno(0)},
		{name: "preadv2", nr: unix.SYS_PREADV2, want: allow},
		{name: "preadv2 hipri", nr: unix.SYS_PREADV2, args: [6]uint64{5: unix.RWF_HIPRI}, want: allow},
		{name: "preadv2 nowait", nr: unix.SYS_PREADV2, args: [6]uint64{5: unix.RWF_NOWAIT | unix.RWF_HIPRI}, want: errno(unix.EOPNOTSUPP)},
		{name: "cachestat", nr: unix.SYS_CACHESTAT, want: errno(unix.ENOSYS)},
		{name: "io_uring_setup", nr: unix.SYS_IO_URING_SETUP, want: errno(unix.ENOSYS)},
		{name: "io_uring_enter", nr: unix.SYS_IO_URING_ENTER, want: errno(unix.ENOSYS)},
		{name: "io_uring_register", nr: unix.SYS_IO_URING_REGISTER, want: errno(unix.ENOSYS)},
		{name: "io_setup", nr: unix.SYS_IO_SETUP, want: errno(unix.ENOSYS)},
		{name: "io_submit", nr: unix.SYS_IO_SUBMIT, want: errno(unix.ENOSYS)},
		{name: "madvise dontneed", nr: unix.SYS_MADVISE, args: [6]uint64{2: unix.MADV_DONTNEED}, want: allow},
		{name: "madvise pageout", nr: unix.SYS_MADVISE, args: [6]uint64{2: unix.MADV_PAGEOUT}, want: errno(unix.EINVAL)},
		{name: "madvise cold", nr: unix.SYS_MADVISE, args: [6]uint64{2: unix.MADV_COLD}, want: errno(unix.EINVAL)},
		{name: "madvise free", nr: unix.SYS_MADVISE, args: [6]uint64{2: unix.MADV_FREE}, want: allow},
		{name: "madvise free, memfds", nr: unix.SYS_MADVISE, args: [6]uint64{2: unix.MADV_FREE}, memfds: true, want: errno(unix.EINVAL)},
		{name: "madvise dontneed, memfds", nr: unix.SYS_MADVISE, args: [6]uint64{2: unix.MADV_DONTNEED}, memfds: true, want: allow},
		{name: "memfd_create", nr: unix.SYS_MEMFD_CREATE, want: allow},
		{name: "memfd_create, memfds", nr: unix.SYS_MEMFD_CREATE, memfds: true, want: notify},
		{name: "socket unix", nr: unix.SYS_SOCKET, args: [6]uint64{unix.AF_UNIX}, want: allow},
		{name: "socket inet6", nr: unix.SYS_SOCKET, args: [6]uint64{unix.AF_INET6}, want: allow},
		{name: "socket netlink", nr: unix.SYS_SOCKET, args: [6]uint64{unix.AF_NETLINK}, want: errno(unix.EAFNOSUPPORT)},
		{name: "clone", nr: unix.SYS_CLONE, args: [6]uint64{uint64(unix.SIGCHLD)}, want: allow},
		{name: "clone a thread", nr: unix.SYS_CLONE, args: [6]uint64{unix.CLONE_VM | unix.CLONE_THREAD | unix.CLONE_SIGHAND}, want: allow},
		{name: "clone newuser newcgroup", nr: unix.SYS_CLONE, args: [6]uint64{unix.CLONE_NEWUSER | unix.CLONE_NEWCGROUP | uint64(unix.SIGCHLD)}, want: allow},
		{name: "clone newnet", nr: unix.SYS_CLONE, args: [6]uint64{unix.CLONE_NEWUSER | unix.CLONE_NEWNET}, want: errno(unix.EPERM)},
		{name: "clone newns", nr: unix.SYS_CLONE, args: [6]uint64{unix.CLONE_NEWNS}, want: errno(unix.EPERM)},
		{name: "clone newpid", nr: unix.SYS_CLONE, args: [6]uint64{unix.CLONE_NEWPID}, want: errno(unix.EPERM)},
		{name: "clone newipc", nr: unix.SYS_CLONE, args: [6]uint64{unix.CLONE_NEWIPC}, want: errno(unix.EPERM)},
		{name: "clone newuts", nr: unix.SYS_CLONE, args: [6]uint64{unix.CLONE_NEWUTS}, want: errno(unix.EPERM)},
		{name: "unshare", nr: unix.SYS_UNSHARE, args: [6]uint64{unix.CLONE_NEWUSER}, want: errno(unix.EPERM)},
		{name: "clone3", nr: unix.SYS_CLONE3, want: errno(unix.ENOSYS)},
		{name: "memfd_secret", nr: unix.SYS_MEMFD_SECRET, want: errno(unix.ENOSYS)},
		{name: "shmget", nr: unix.SYS_SHMGET, want: allow},
		{name: "shmget, no System V", nr: unix.SYS_SHMGET, nosys: true, want: errno(unix.ENOSYS)},
	}
	for _, r := range rows {
		prog := boxFilter(arch, r.memfds, r.nosys)
		if got := runFilter(t, prog, arch, uint32(r.nr), r.args); got != r.want {
			t.Errorf("%s: %#x, want %#x", r.name, got, r.want)
		}
	}
	if got := runFilter(t, boxFilter(arch, false, false), arch^1, unix.SYS_READ, [6]uint64{}); got != errno(unix.ENOSYS) {
		t.Errorf("another architecture's read: %#x, want ENOSYS", got)
	}
}

// runFilter is what a classic BPF program made of the instructions
// boxFilter uses answers for one system call.
func runFilter(t *testing.T, prog []unix.SockFilter, arch, nr uint32, args [6]uint64) uint32 {
	var data [64]byte
	binary.NativeEndian.PutUint32(data[0:], nr)
	binary.NativeEndian.PutUint32(data[4:], arch)
	for i, a := range args {
		binary.NativeEndian.PutUint64(data[16+8*i:], a)
	}
	var acc uint32
	for pc := 0; pc < len(prog); pc++ {
		in := prog[pc]
		switch in.Code {
		case unix.BPF_LD | unix.BPF_W | unix.BPF_ABS:
			acc = binary.NativeEndian.Uint32(data[in.K:])
		case unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K:
			pc += int(map[bool]uint8{true: in.Jt, false: in.Jf}[acc == in.K])
		case unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K:
			pc += int(map[bool]uint8{true: in.Jt, false: in.Jf}[acc >= in.K])
		case unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K:
			pc += int(map[bool]uint8{true: in.Jt, false: in.Jf}[acc&in.K != 0])
		case unix.BPF_RET | unix.BPF_K:
			return in.K
		default:
			t.Fatalf("instruction %d: code %#x not known", pc, in.Code)
		}
	}
	t.Fatal("the program ran off its end")
	return 0
}
