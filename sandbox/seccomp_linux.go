package sandbox

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Below the full tier the memory meter reads /proc, where a memory file
// whose descriptor was closed and which is mapped in part (or not at
// all) shows only what is mapped: the rest of its pages no reading
// reaches without CAP_SYS_ADMIN (/proc/<pid>/map_files). So there the
// box's memory files are made by the grader: a seccomp filter, which
// the helper installs and the program inherits, hands each memfd_create
// to the grader (a user notification: the helper passes the filter's
// descriptor up, notesFD), which makes the memory file itself, gives the
// program its descriptor as the call's result, and keeps its own until
// the run ends (boxMemfds); the meter counts those whole. The same
// filter refuses System V IPC (ENOSYS, as a kernel without it) where
// the box's objects could not be told from the host's: the fallback
// tier without root. And it refuses madvise's MADV_FREE (EINVAL, as a
// kernel before 4.5): pages handed back that way stay the program's
// until memory runs short, which a cgroup at its limit makes happen and
// a large host without one may never do, so the meter counts them
// (procMemory); refused, an allocator hands its pages back with
// MADV_DONTNEED instead, as on such a kernel, and holds only what it
// uses.

// Seccomp's structures (linux/seccomp.h).
type (
	seccompData struct {
		nr   int32
		arch uint32
		ip   uint64
		args [6]uint64
	}
	seccompNotif struct {
		id    uint64
		pid   uint32
		flags uint32
		data  seccompData
	}
	seccompResp struct {
		id    uint64
		val   int64
		error int32
		flags uint32
	}
	seccompAddfd struct {
		id         uint64
		flags      uint32
		srcfd      uint32
		newfd      uint32
		newfdFlags uint32
	}
)

// auditArch is the architecture seccomp names this binary's system calls
// by; 0 where the filter is not known.
func auditArch() uint32 {
	switch runtime.GOARCH {
	case "amd64":
		return unix.AUDIT_ARCH_X86_64
	case "arm64":
		return unix.AUDIT_ARCH_AARCH64
	case "riscv64":
		return unix.AUDIT_ARCH_RISCV64
	case "ppc64le":
		return unix.AUDIT_ARCH_PPC64LE
	case "s390x":
		return unix.AUDIT_ARCH_S390X
	case "loong64":
		return unix.AUDIT_ARCH_LOONGARCH64
	}
	return 0
}

// x32Bit marks amd64's x32 system calls, another table of numbers.
const x32Bit = 0x40000000

// boxFilter is the box's seccomp program: a socket of a family but
// unix, IPv4 and IPv6 refused (EAFNOSUPPORT, as a kernel built without
// it: a netlink socket's queue, say, holds the kernel's memory, which no
// meter counts, on every tier); the calls that tell or set what of a
// file the host's page cache holds (pageCacheCalls) answered without
// being made, or refused; with memfds, memfd_create to the helper and
// madvise(MADV_FREE) refused (EINVAL); with noSysv, System V IPC
// refused; a system call of another architecture's table (a 32-bit call
// from a 64-bit program) refused, as the filter could not tell what it
// is.
func boxFilter(arch uint32, memfds, noSysv bool) []unix.SockFilter {
	const (
		ldW  = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq  = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge  = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		jset = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
		retK = unix.BPF_RET | unix.BPF_K
	)
	errno := func(e unix.Errno) uint32 { return unix.SECCOMP_RET_ERRNO | uint32(e) }
	refused := []uint32{unix.MADV_PAGEOUT, unix.MADV_COLD}
	if memfds {
		refused = append(refused, unix.MADV_FREE)
	}
	adv := []unix.SockFilter{{Code: ldW, K: argLow(2)}} // the advice is an int
	for i, a := range refused {
		adv = append(adv, unix.SockFilter{Code: jeq, K: a, Jt: uint8(len(refused) - i)})
	}
	adv = append(adv, unix.SockFilter{Code: retK, K: unix.SECCOMP_RET_ALLOW}, unix.SockFilter{Code: retK, K: errno(unix.EINVAL)})
	blocks := [...][]unix.SockFilter{
		allow:  {{Code: retK, K: unix.SECCOMP_RET_ALLOW}},
		refuse: {{Code: retK, K: errno(unix.ENOSYS)}},
		notify: {{Code: retK, K: unix.SECCOMP_RET_USER_NOTIF}},
		advice: adv,
		family: {
			{Code: ldW, K: argLow(0)}, // the family is an int
			{Code: jeq, K: unix.AF_UNIX, Jt: 2},
			{Code: jeq, K: unix.AF_INET, Jt: 1},
			{Code: jeq, K: unix.AF_INET6, Jt: 0, Jf: 1},
			{Code: retK, K: unix.SECCOMP_RET_ALLOW},
			{Code: retK, K: errno(unix.EAFNOSUPPORT)},
		},
		quiet: {{Code: retK, K: unix.SECCOMP_RET_ERRNO}},
		nowait: {
			{Code: ldW, K: argLow(5)}, // the flags, an int
			{Code: jset, K: unix.RWF_NOWAIT, Jt: 1},
			{Code: retK, K: unix.SECCOMP_RET_ALLOW},
			{Code: retK, K: errno(unix.EOPNOTSUPP)},
		},
		newns: {
			{Code: ldW, K: argLow(cloneFlagsArg())}, // the namespace flags are in the low half
			{Code: jset, K: refusedNamespaces, Jt: 1},
			{Code: retK, K: unix.SECCOMP_RET_ALLOW},
			{Code: retK, K: errno(unix.EPERM)},
		},
		denied: {{Code: retK, K: errno(unix.EPERM)}},
	}
	type jump struct {
		code uint16
		k    uint32
		to   block // taken when true
	}
	checks := []jump{{jeq, uint32(unix.SYS_SOCKET), family}, {jeq, uint32(unix.SYS_MADVISE), advice}}
	if runtime.GOARCH == "amd64" {
		checks = append([]jump{{jge, x32Bit, refuse}}, checks...)
	}
	for _, c := range slices.Concat(pageCacheCalls, namespaceCalls) {
		checks = append(checks, jump{jeq, uint32(c.nr), c.answer})
	}
	if memfds {
		checks = append(checks, jump{jeq, uint32(unix.SYS_MEMFD_CREATE), notify})
	}
	if noSysv {
		for _, nr := range sysvCalls {
			checks = append(checks, jump{jeq, uint32(nr), refuse})
		}
	}
	prog := []unix.SockFilter{
		{Code: ldW, K: 4}, // seccomp_data.arch
		{Code: jeq, K: arch, Jt: 1},
		{Code: retK, K: errno(unix.ENOSYS)},
		{Code: ldW, K: 0}, // seccomp_data.nr
	}
	// Where each block starts: after the checks, in order.
	at := make([]int, len(blocks))
	next := len(prog) + len(checks)
	for b, code := range blocks {
		at[b] = next
		next += len(code)
	}
	for _, c := range checks {
		here := len(prog)
		prog = append(prog, unix.SockFilter{Code: c.code, K: c.k, Jt: uint8(at[c.to] - here - 1)})
	}
	for _, code := range blocks {
		prog = append(prog, code...)
	}
	return prog
}

// block is one of the blocks boxFilter's program ends in; each check
// jumps to one of them.
type block int

const (
	allow  block = iota
	refuse       // ENOSYS
	notify       // to the grader (memfd_create)
	advice       // madvise's advice checked
	family       // socket's family checked
	quiet        // answered 0, not made
	nowait       // preadv2's flags checked
	newns        // clone's flags checked
	denied       // EPERM
)

// filtered is a system call the box's filter answers (or checks) in a
// block of its own.
type filtered struct {
	nr     int
	answer block
}

// namespaceCalls are the calls that make namespaces, and memfd_secret:
// in a network namespace of its own a program is its administrator, and
// the buffers of its loopback's sockets (which cgroup v1 does not
// charge) held 1.5 GiB under a 512 MiB limit; memfd_secret's pages are
// in no file the namespaces tier's meter reads. clone may make a user
// namespace (the helper starts the program in one of its own, with a
// cgroup namespace: it is filtered already) but no namespace of another
// kind (EPERM, as for a program that may not); unshare is refused
// (EPERM); clone3, whose flags no filter sees, and memfd_secret are
// refused (ENOSYS: C libraries fall back to clone).
var namespaceCalls = []filtered{
	{unix.SYS_CLONE, newns},
	{unix.SYS_UNSHARE, denied},
	{unix.SYS_CLONE3, refuse},
	{unix.SYS_MEMFD_SECRET, refuse},
}

// refusedNamespaces are the namespaces a box's clone may not make: all
// but a user and a cgroup namespace (CLONE_NEWTIME is clone3's and
// unshare's alone; in clone's flags that bit is the exit signal's).
const refusedNamespaces = unix.CLONE_NEWNS | unix.CLONE_NEWUTS | unix.CLONE_NEWIPC | unix.CLONE_NEWPID | unix.CLONE_NEWNET

// cloneFlagsArg is which of clone's arguments holds its flags: the
// second on s390x, the first elsewhere.
func cloneFlagsArg() uint32 {
	if runtime.GOARCH == "s390x" {
		return 1
	}
	return 0
}

// pageCacheCalls are the calls by which a program could tell, or set,
// which pages of a file the host's page cache holds: every box reads
// the same host files (the compilers, the runtimes), so that is a place
// one box could leave bits for another to read, a hidden case's input
// for a public case's output, say, or work for a later run to go on
// from. fadvise and readahead are answered 0 without being made (an
// advice, which a program may not rely on); a read that must not wait
// for the disk (preadv2's RWF_NOWAIT) is refused (EOPNOTSUPP, as a file
// that cannot do it); cachestat, io_uring and Linux AIO (io_setup,
// io_submit), whose requests no filter sees (fadvise, reads that do not
// wait, madvise among them), are refused (ENOSYS, as a kernel without
// them; a C library's POSIX AIO uses threads). madvise's MADV_PAGEOUT and
// MADV_COLD are refused (EINVAL) in boxFilter's advice block. What is
// left, timing a read, is slower and one-way (docs/security.md).
var pageCacheCalls = []filtered{
	{unix.SYS_FADVISE64, quiet},
	{unix.SYS_READAHEAD, quiet},
	{unix.SYS_PREADV2, nowait},
	{unix.SYS_CACHESTAT, refuse},
	{unix.SYS_IO_URING_SETUP, refuse},
	{unix.SYS_IO_URING_ENTER, refuse},
	{unix.SYS_IO_URING_REGISTER, refuse},
	{unix.SYS_IO_SETUP, refuse},
	{unix.SYS_IO_SUBMIT, refuse},
}

// argLow is where in seccomp_data the low half of a system call's i-th
// argument is: args start at 16, 8 bytes each; the low half comes second
// on a big-endian machine (s390x, of auditArch's).
func argLow(i uint32) uint32 {
	if runtime.GOARCH == "s390x" {
		return 16 + i*8 + 4
	}
	return 16 + i*8
}

// sysvCalls are the calls that make System V IPC objects.
var sysvCalls = []int{unix.SYS_SHMGET, unix.SYS_MSGGET, unix.SYS_SEMGET}

// installFilter puts the box's filter on the calling thread, which then
// forks the program, and returns the descriptor its notifications come
// to (with memfds; else -1). The thread must stay locked: only it is
// filtered.
func installFilter(memfds, noSysv bool) (listener int, err error) {
	arch := auditArch()
	if arch == 0 {
		return -1, fmt.Errorf("the box cannot bound the kernel's memory for it on %s: no seccomp filter for it", runtime.GOARCH)
	}
	f := boxFilter(arch, memfds, noSysv)
	prog := unix.SockFprog{Len: uint16(len(f)), Filter: &f[0]}
	var flags uintptr
	if memfds {
		flags = unix.SECCOMP_FILTER_FLAG_NEW_LISTENER
	}
	fd, _, e := unix.RawSyscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, flags, uintptr(unsafe.Pointer(&prog)))
	runtime.KeepAlive(f)
	if e != 0 {
		return -1, fmt.Errorf("the box cannot bound the kernel's memory for it: seccomp: %w", e)
	}
	if !memfds {
		return -1, nil
	}
	return int(fd), nil
}

// notesFD is the helper's end of the socket it passes the filter's
// descriptor up on.
const notesFD = 5

// sendListener passes the filter's descriptor to the grader and closes
// the helper's copies of it and of the socket.
func sendListener(listener int) error {
	defer unix.Close(listener)
	defer unix.Close(notesFD)
	return unix.Sendmsg(notesFD, []byte{0}, unix.UnixRights(listener), nil, 0)
}

// boxMemfds are the memory files the grader made for a box, held until
// the run ends.
type boxMemfds struct {
	mu  sync.Mutex
	fds []int
}

// count is what the box's memory files add to shm: each whole, once.
func (m *boxMemfds) count(shm map[heldKey]int64) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	var total int64
	for _, fd := range m.fds {
		total += memfdAdd(shm, "/proc/self/fd/"+strconv.Itoa(fd))
	}
	return total
}

func (m *boxMemfds) close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, fd := range m.fds {
		unix.Close(fd)
	}
	m.fds = nil
}

// supervise answers the box's memfd_create calls until stop, or until
// no process of the box is left: it receives the filter's descriptor on
// notes (none comes when the box has no filter), then makes each memory
// file asked for, gives the caller a descriptor of it and keeps its own.
func (m *boxMemfds) supervise(notes *os.File, stop <-chan struct{}) {
	defer notes.Close()
	listener, ok := receiveFD(notes)
	if !ok {
		return
	}
	defer unix.Close(listener)
	for {
		select {
		case <-stop:
			return
		default:
		}
		pfd := []unix.PollFd{{Fd: int32(listener), Events: unix.POLLIN}}
		n, err := unix.Poll(pfd, 100)
		if err != nil && !errors.Is(err, unix.EINTR) || pfd[0].Revents&(unix.POLLHUP|unix.POLLERR|unix.POLLNVAL) != 0 {
			return // the box is gone
		}
		if n <= 0 || pfd[0].Revents&unix.POLLIN == 0 {
			continue
		}
		var req seccompNotif
		if ioctlPtr(listener, unix.SECCOMP_IOCTL_NOTIF_RECV, unsafe.Pointer(&req)) != nil {
			continue // its caller is gone
		}
		if fd, ok := answerMemfd(listener, &req); ok {
			m.mu.Lock()
			m.fds = append(m.fds, fd)
			m.mu.Unlock()
		}
	}
}

// receiveFD reads the descriptor the helper passes on notes.
func receiveFD(notes *os.File) (int, bool) {
	buf, oob := make([]byte, 1), make([]byte, unix.CmsgSpace(4))
	_, oobn, _, _, err := unix.Recvmsg(int(notes.Fd()), buf, oob, unix.MSG_CMSG_CLOEXEC)
	if err != nil || oobn == 0 {
		return -1, false
	}
	msgs, err := unix.ParseSocketControlMessage(oob[:oobn])
	if err != nil || len(msgs) != 1 {
		return -1, false
	}
	fds, err := unix.ParseUnixRights(&msgs[0])
	if err != nil || len(fds) != 1 {
		return -1, false
	}
	return fds[0], true
}

// answerMemfd makes the memory file request n asks for and sends the
// caller its descriptor (then returns the grader's own), or the error.
func answerMemfd(listener int, n *seccompNotif) (int, bool) {
	flags := int(n.data.args[1])
	fd, err := unix.MemfdCreate(memfdName(int(n.pid), uintptr(n.data.args[0])), flags|unix.MFD_CLOEXEC)
	if err == nil {
		add := seccompAddfd{id: n.id, flags: unix.SECCOMP_ADDFD_FLAG_SEND, srcfd: uint32(fd)}
		if flags&unix.MFD_CLOEXEC != 0 {
			add.newfdFlags = unix.O_CLOEXEC
		}
		if err = ioctlPtr(listener, unix.SECCOMP_IOCTL_NOTIF_ADDFD, unsafe.Pointer(&add)); err == nil {
			return fd, true
		}
		unix.Close(fd)
		if errors.Is(err, unix.ENOENT) {
			return -1, false // the caller is gone
		}
	}
	var errno unix.Errno
	if !errors.As(err, &errno) {
		errno = unix.ENOMEM
	}
	resp := seccompResp{id: n.id, error: -int32(errno)}
	_ = ioctlPtr(listener, unix.SECCOMP_IOCTL_NOTIF_SEND, unsafe.Pointer(&resp))
	return -1, false
}

// memfdName reads the name a memfd_create call gave, at addr in process
// pid ("" where it cannot be read): it is the file's name in /proc, no
// more.
func memfdName(pid int, addr uintptr) string {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/mem")
	if err != nil {
		return ""
	}
	defer f.Close()
	var b [250]byte // MFD_NAME_MAX_LEN, and its NUL
	k, _ := f.ReadAt(b[:], int64(addr))
	for i := 0; i < k; i++ {
		if b[i] == 0 {
			return string(b[:i])
		}
	}
	return ""
}

func ioctlPtr(fd int, req uint, arg unsafe.Pointer) error {
	_, _, e := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(arg))
	if e != 0 {
		return e
	}
	return nil
}
