package sandbox

import (
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// heldMemory is the memory process pid holds in the kernel through its
// descriptors, which no resident set shows, each object once (seen, by
// inode): fileCost a descriptor; the pages of its memory files
// (memfd_create); a pipe's or a socket's own objCost, and what a pipe
// holds (its whole capacity once anything waits in it: a packet-mode
// pipe keeps a page for a byte); what a unix socket sent that still
// waits in its peer and what waits in its own queue; and, for each
// descriptor in flight in its queue (sent, not yet received, perhaps
// closed by its sender), fileMax, the most a file may hold (a memory
// file is bounded by RLIMIT_FSIZE); watchCost for each descriptor an
// epoll instance watches; an io_uring instance's rings. Pipes and
// sockets are read through copies of the process's descriptors
// (pidfd_getfd), closed at once.
func heldMemory(pid int, seen map[uint64]bool, fileMax int64) int64 {
	dir := "/proc/" + strconv.Itoa(pid) + "/fd/"
	fds, _ := os.ReadDir(dir)
	pidfd := -1
	defer func() {
		if pidfd >= 0 {
			unix.Close(pidfd)
		}
	}()
	total := int64(len(fds)) * fileCost
	for _, fd := range fds {
		l, err := os.Readlink(dir + fd.Name())
		if err != nil {
			continue
		}
		kind, ino, ok := fdKind(l)
		switch {
		case !ok:
			continue
		case kind == "memfd":
			var st syscall.Stat_t
			if syscall.Stat(dir+fd.Name(), &st) != nil || seen[st.Ino] {
				continue
			}
			seen[st.Ino] = true
			total += st.Blocks * 512
			continue
		case kind == "eventpoll" || kind == "io_uring":
			total += anonMemory(pid, fd.Name(), seen)
			continue
		}
		if seen[ino] {
			continue
		}
		seen[ino] = true
		total += objCost
		if pidfd < 0 {
			if pidfd, err = unix.PidfdOpen(pid, 0); err != nil {
				continue
			}
		}
		n, _ := strconv.Atoi(fd.Name())
		total += fdQueued(pidfd, n, kind)
		if kind == "socket" {
			total += fdInfo(pid, fd.Name())["scm_fds"] * fileMax
		}
	}
	return total
}

// What the kernel's own objects cost, at most, as the meter counts them:
// a descriptor's open file; a pipe's or a socket's inode, its own
// structure and a pipe's ring of buffers; an epoll watch; a task (its
// kernel stack and structure).
const (
	fileCost  = 256
	objCost   = 4 << 10
	watchCost = 256
	taskCost  = 32 << 10
)

// anonMemory is what the epoll or io_uring instance that is descriptor
// fd of process pid holds: watchCost a watched descriptor, or, once
// (seen, by the inode its fdinfo names), an io_uring's rings (64 bytes a
// submission entry, 16 a completion entry).
func anonMemory(pid int, fd string, seen map[uint64]bool) int64 {
	info := fdInfo(pid, fd)
	sq, uring := info["SqMask"]
	if !uring {
		// Every epoll instance has the same inode: each descriptor
		// counts, a duplicate too.
		return objCost + info["tfd"]*watchCost
	}
	ino := uint64(info["ino"])
	if seen[ino] {
		return 0
	}
	seen[ino] = true
	return objCost + (sq+1)*64 + (info["CqMask"]+1)*16
}

// fdKind reads a descriptor's link in /proc: a memory file ("memfd"), a
// pipe or a socket (with its inode), an epoll ("eventpoll") or io_uring
// instance; false for anything else.
func fdKind(link string) (kind string, ino uint64, ok bool) {
	if strings.HasPrefix(link, "/memfd:") {
		return "memfd", 0, true
	}
	for _, k := range []string{"anon_inode:[eventpoll]", "anon_inode:[io_uring]"} {
		if link == k {
			return strings.TrimSuffix(strings.TrimPrefix(k, "anon_inode:["), "]"), 0, true
		}
	}
	for _, k := range []string{"pipe", "socket"} {
		if rest, found := strings.CutPrefix(link, k+":["); found {
			n, err := strconv.ParseUint(strings.TrimSuffix(rest, "]"), 10, 64)
			return k, n, err == nil
		}
	}
	return "", 0, false
}

// fdQueued is what the pipe or unix socket that is descriptor fd of the
// process pidfd names holds queued in the kernel; 0 for other sockets
// and when it cannot be read.
func fdQueued(pidfd, fd int, kind string) int64 {
	own, err := unix.PidfdGetfd(pidfd, fd, 0)
	if err != nil {
		return 0
	}
	defer unix.Close(own)
	if kind == "pipe" {
		n, err := unix.IoctlGetInt(own, unix.SIOCINQ) // FIONREAD
		if err != nil || n == 0 {
			return 0
		}
		size, err := unix.FcntlInt(uintptr(own), unix.F_GETPIPE_SZ, 0)
		if err != nil {
			return int64(n)
		}
		return int64(max(size, n))
	}
	if d, err := unix.GetsockoptInt(own, unix.SOL_SOCKET, unix.SO_DOMAIN); err != nil || d != unix.AF_UNIX {
		return 0
	}
	sent, _ := unix.IoctlGetInt(own, unix.SIOCOUTQ)
	waiting, _ := unix.IoctlGetInt(own, unix.SIOCINQ)
	return int64(sent) + int64(waiting)
}

// fdInfo reads /proc/<pid>/fdinfo/<fd>: each key's number (decimal, or
// hexadecimal after 0x), and for the lines an epoll instance has for
// each descriptor it watches ("tfd:"), their count under "tfd".
func fdInfo(pid int, fd string) map[string]int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/fdinfo/" + fd)
	out := map[string]int64{}
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(b), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		if key == "tfd" {
			out["tfd"]++
			continue
		}
		f := strings.Fields(val)
		if len(f) == 0 {
			continue
		}
		if n, err := strconv.ParseInt(f[0], 0, 64); err == nil {
			out[key] = n
		}
	}
	return out
}
