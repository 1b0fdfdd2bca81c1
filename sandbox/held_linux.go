package sandbox

import (
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// heldMemory is the memory process pid holds in the kernel through its
// descriptors, which no resident set shows, each file once (seen, by
// inode): the pages of its memory files (memfd_create); what a pipe
// holds (its whole capacity once anything waits in it: a packet-mode
// pipe keeps a page for a byte); what a unix socket sent that still
// waits in its peer and what waits in its own queue; and, for each
// descriptor in flight in its queue (sent, not yet received, perhaps
// closed by its sender), fileMax, the most a file may hold (a memory
// file is bounded by RLIMIT_FSIZE). Pipes and sockets are read through
// copies of the process's descriptors (pidfd_getfd), closed at once.
func heldMemory(pid int, seen map[uint64]bool, fileMax int64) int64 {
	dir := "/proc/" + strconv.Itoa(pid) + "/fd/"
	fds, _ := os.ReadDir(dir)
	pidfd := -1
	defer func() {
		if pidfd >= 0 {
			unix.Close(pidfd)
		}
	}()
	var total int64
	for _, fd := range fds {
		l, err := os.Readlink(dir + fd.Name())
		if err != nil {
			continue
		}
		kind, ino, ok := fdKind(l)
		if !ok {
			continue
		}
		if kind == "memfd" {
			var st syscall.Stat_t
			if syscall.Stat(dir+fd.Name(), &st) != nil || seen[st.Ino] {
				continue
			}
			seen[st.Ino] = true
			total += st.Blocks * 512
			continue
		}
		if seen[ino] {
			continue
		}
		seen[ino] = true
		if pidfd < 0 {
			if pidfd, err = unix.PidfdOpen(pid, 0); err != nil {
				return total
			}
		}
		n, _ := strconv.Atoi(fd.Name())
		total += fdQueued(pidfd, n, kind)
		if kind == "socket" {
			total += inFlight(pid, fd.Name()) * fileMax
		}
	}
	return total
}

// fdKind reads a descriptor's link in /proc: a memory file ("memfd"), a
// pipe or a socket (with its inode); false for anything else.
func fdKind(link string) (kind string, ino uint64, ok bool) {
	if strings.HasPrefix(link, "/memfd:") {
		return "memfd", 0, true
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

// inFlight is the number of descriptors in flight in the queue of the
// unix socket that is descriptor fd of process pid (scm_fds of its
// fdinfo); 0 when the kernel does not say.
func inFlight(pid int, fd string) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/fdinfo/" + fd)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "scm_fds:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
			return n
		}
	}
	return 0
}
