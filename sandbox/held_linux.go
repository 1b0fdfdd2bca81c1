package sandbox

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// heldMemory is the memory process pid holds in the kernel through its
// descriptors, which no resident set shows, beyond their own fdCost
// (fdCount), each object once (seen): the pages of its memory files
// (memfd_create; once with what the box maps, shm); what a pipe holds (its whole capacity once anything waits in it: a packet-mode
// pipe keeps a page for a byte); what a unix socket sent that still
// waits in its peer and what waits in its own queue; and, for each
// descriptor in flight in its queue (sent, not yet received, perhaps
// closed by its sender), fileMax, the most a file may hold (a memory
// file is bounded by RLIMIT_FSIZE); watchCost for each descriptor an
// epoll instance watches; an io_uring instance's rings. Pipes and
// sockets are read through copies of the process's descriptors
// (pidfd_getfd; for a pipe, where that is refused, a new descriptor of it
// through /proc), closed at once. With host (the fallback tier, whose
// files are the host's), a file of a tmpfs it removed and holds open
// counts too, whole, once (removedFileAdd).
func heldMemory(pid int, seen map[heldKey]bool, shm map[heldKey]int64, fileMax int64, host bool) int64 {
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
		if host && strings.HasSuffix(l, " (deleted)") {
			total += removedFileAdd(shm, dir+fd.Name())
			continue
		}
		kind, ino, ok := fdKind(l)
		switch {
		case !ok:
			continue
		case kind == "memfd":
			total += memfdAdd(shm, dir+fd.Name())
			continue
		case kind == "eventpoll" || kind == "io_uring":
			total += anonMemory(pid, fd.Name(), seen, fileMax)
			continue
		}
		if seen[heldKey{kind, ino}] {
			continue
		}
		seen[heldKey{kind, ino}] = true
		if pidfd < 0 {
			pidfd, _ = unix.PidfdOpen(pid, 0)
		}
		total += fdQueued(pidfd, dir, fd.Name(), kind)
		if kind == "socket" {
			total += fdInfo(pid, fd.Name())["scm_fds"] * fileMax
		}
	}
	return total
}

// memfdAdd is what the memory file at path (a descriptor in /proc) adds
// to shm: its blocks, once.
func memfdAdd(shm map[heldKey]int64, path string) int64 {
	var st syscall.Stat_t
	if syscall.Stat(path, &st) != nil {
		return 0
	}
	dev := fmt.Sprintf("%02x:%02x", unix.Major(st.Dev), unix.Minor(st.Dev))
	return shmAdd(shm, shmemKey(dev, st.Ino), st.Blocks*512)
}

// removedFileAdd is what the file at path (a descriptor in /proc) adds to
// shm when it is a regular file of a tmpfs that has no name left: its
// blocks, once.
func removedFileAdd(shm map[heldKey]int64, path string) int64 {
	var st syscall.Stat_t
	if syscall.Stat(path, &st) != nil || st.Nlink != 0 || st.Mode&syscall.S_IFMT != syscall.S_IFREG || !onTmpfs(path) {
		return 0
	}
	return memfdAdd(shm, path)
}

// heldKey names an object of the kernel a descriptor refers to: its kind
// and its inode, which is unique within a kind.
type heldKey struct {
	kind string
	ino  uint64
}

// What the kernel's own objects cost, at most, as the meter counts them:
// a descriptor (its open file, and the inode, socket or pipe ring it
// may be alone in holding: a unix socket takes about 3 KiB); an epoll
// watch; a task (its kernel stack and structure).
const (
	fdCost    = 4 << 10
	watchCost = 256
	taskCost  = 32 << 10
)

// fdCount is the number of descriptors process pid has open.
func fdCount(pid int) int64 {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/fd")
	if err != nil {
		return 0
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1)
	return int64(len(names))
}

// anonMemory is what the epoll or io_uring instance that is descriptor
// fd of process pid holds: watchCost a watched descriptor, or, once
// (seen, by the inode its fdinfo names), an io_uring's rings (64 bytes a
// submission entry, 16 a completion entry) and fileMax for each slot of
// its table of registered files (a memory file registered, then closed,
// is held by it alone).
func anonMemory(pid int, fd string, seen map[heldKey]bool, fileMax int64) int64 {
	info := fdInfo(pid, fd)
	sq, uring := info["SqMask"]
	if !uring {
		// Every epoll instance has the same inode: each descriptor
		// counts, a duplicate too.
		return info["tfd"] * watchCost
	}
	key := heldKey{"io_uring", uint64(info["ino"])}
	if seen[key] {
		return 0
	}
	seen[key] = true
	return (sq+1)*64 + (info["CqMask"]+1)*16 + info["UserFiles"]*fileMax
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

// fdQueued is what the pipe or unix socket that is descriptor fd (its
// name in dir, /proc/<pid>/fd/) of the process pidfd names holds queued
// in the kernel; 0 for other sockets and when it cannot be read.
func fdQueued(pidfd int, dir, fd, kind string) int64 {
	n, _ := strconv.Atoi(fd)
	own, err := unix.PidfdGetfd(pidfd, n, 0)
	if err != nil && kind == "pipe" {
		// Opening a pipe's read end through /proc never waits.
		own, err = unix.Open(dir+fd, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	}
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

// shmAdd records that shared memory object key holds size bytes and
// returns how much that adds to what shm had of it: an object reached
// twice (mapped and held, or mapped by two processes) counts once, at
// the most it was seen holding.
func shmAdd(shm map[heldKey]int64, key heldKey, size int64) int64 {
	if size <= shm[key] {
		return 0
	}
	d := size - shm[key]
	shm[key] = size
	return d
}

// shmemKey names a shared memory object by its device (as /proc/<pid>/maps
// writes it) and inode.
func shmemKey(dev string, ino uint64) heldKey {
	return heldKey{"shmem " + dev, ino}
}
