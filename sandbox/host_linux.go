package sandbox

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// A box without namespaces (the fallback tier) shares the host's System
// V IPC and its tmpfs folders (/dev/shm), where it can hold memory no
// process of it shows, and which outlives the box unless removed. When
// the grader is root, the box's program runs as a uid of its own, which
// owns all it leaves there: hostMemory counts it, while the box runs, and
// removeHostLeftovers removes it once the box is gone.

// inodeCost is what the meter counts for a file of a tmpfs besides its
// pages: the kernel's memory for its inode and name, about a KiB.
const inodeCost = 1 << 10

// hostMemory is the memory a fallback box holds on the host outside its
// processes: in its own folder dir, when that is on a tmpfs; and, when
// its program runs as a uid of its own (boxUID, or -1), in the host's
// System V IPC (shared memory segments' resident and swapped pages,
// messages, semaphores) and in that uid's files of the tmpfs folders
// anyone may write in (tmpfsFolders).
func hostMemory(boxUID int, dir string) int64 {
	if boxUID < 0 {
		return ownedFiles(dir, os.Getuid(), nil)
	}
	total := sysvMemory(boxUID)
	for _, d := range append(tmpfsFolders(), dir) {
		total += ownedFiles(d, boxUID, nil)
	}
	return total
}

// sysvMemory adds up what the System V IPC objects uid made or owns hold:
// a segment's rss and swap, a queue's text and 64 bytes a message, a
// semaphore set's 64 bytes a semaphore.
func sysvMemory(uid int) int64 {
	var total int64
	for _, t := range sysvTables {
		sysvRows(t, uid, func(f []string) {
			for _, c := range t.cost {
				if c.col < len(f) {
					n, _ := strconv.ParseInt(f[c.col], 10, 64)
					total += n * c.times
				}
			}
		})
	}
	return total
}

// sysvTable is a table of /proc/sysvipc: which of its columns hold an
// object's id, its owner's and its creator's uid, what an object costs,
// and how one is removed.
type sysvTable struct {
	file              string
	id, owner, create int
	cost              []sysvCost
	rm                func(id int)
}

// sysvCost is a column of a /proc/sysvipc table and the bytes each of
// its units costs.
type sysvCost struct {
	col   int
	times int64
}

var sysvTables = []sysvTable{
	{"shm", 1, 7, 9, []sysvCost{{14, 1}, {15, 1}}, func(id int) { unix.Syscall(unix.SYS_SHMCTL, uintptr(id), unix.IPC_RMID, 0) }},
	{"msg", 1, 7, 9, []sysvCost{{3, 1}, {4, 64}}, func(id int) { unix.Syscall(unix.SYS_MSGCTL, uintptr(id), unix.IPC_RMID, 0) }},
	{"sem", 1, 4, 6, []sysvCost{{3, 64}}, func(id int) { unix.Syscall6(unix.SYS_SEMCTL, uintptr(id), 0, unix.IPC_RMID, 0, 0, 0) }},
}

// sysvRows calls row with the fields of each row of t whose owner or
// creator is uid.
func sysvRows(t sysvTable, uid int, row func([]string)) {
	f, err := os.Open("/proc/sysvipc/" + t.file)
	if err != nil {
		return
	}
	defer f.Close()
	want := strconv.Itoa(uid)
	s := bufio.NewScanner(f)
	s.Scan() // the heading
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) > t.create && (fields[t.owner] == want || fields[t.create] == want) {
			row(fields)
		}
	}
}

// ownedFiles adds up the files and folders below dir, when dir is on a
// tmpfs, that uid owns: their pages and inodeCost each; gone, when not
// nil, is given each, deepest first, to remove. It does not leave dir's
// file system, and stops after maxOwned entries.
func ownedFiles(dir string, uid int, gone func(string)) int64 {
	if dir == "" || !onTmpfs(dir) {
		return 0
	}
	var root syscall.Stat_t
	if syscall.Lstat(dir, &root) != nil {
		return 0
	}
	var total int64
	var found []string
	n := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if n++; n > maxOwned {
			return filepath.SkipAll
		}
		var st syscall.Stat_t
		if syscall.Lstat(p, &st) != nil {
			return nil
		}
		if st.Dev != root.Dev {
			return filepath.SkipDir
		}
		if int(st.Uid) == uid && p != dir {
			total += st.Blocks*512 + inodeCost
			found = append(found, p)
		}
		return nil
	})
	if gone != nil {
		for i := len(found) - 1; i >= 0; i-- {
			gone(found[i])
		}
	}
	return total
}

// maxOwned bounds the entries ownedFiles reads in one folder: a box that
// made more has more than any limit in inodes alone.
const maxOwned = 1 << 20

// onTmpfs reports whether path is on a tmpfs.
func onTmpfs(path string) bool {
	var st syscall.Statfs_t
	return syscall.Statfs(path, &st) == nil && st.Type == 0x01021994 // TMPFS_MAGIC
}

// tmpfsFolders are the roots of the host's tmpfs mounts that anyone may
// write in (/dev/shm, and /tmp where it is a tmpfs), read once.
var tmpfsFolders = sync.OnceValue(func() []string {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	seen := map[string]bool{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		// id parent dev root mountpoint options ... - fstype source options
		pre, post, ok := strings.Cut(s.Text(), " - ")
		fields := strings.Fields(pre)
		if !ok || len(fields) < 5 || !strings.HasPrefix(post, "tmpfs ") {
			continue
		}
		mnt := unescapeMount(fields[4])
		info, err := os.Stat(mnt)
		if err != nil || info.Mode().Perm()&0o002 == 0 || seen[mnt] {
			continue
		}
		seen[mnt] = true
		out = append(out, mnt)
	}
	return out
})

// unescapeMount undoes mountinfo's octal escapes (a space is \040).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// removeHostLeftovers removes, once the box of uid is gone, the System V
// IPC objects it made or owns and its files and folders in the host's
// tmpfs folders anyone may write in. Root without CAP_SYS_ADMIN (a
// container's default) may not remove another uid's IPC objects: what
// is left is removed as uid (asUID). An error names what it could not
// remove: the grader failed to clean up.
func removeHostLeftovers(uid int) error {
	removeSysv(uid)
	if sysvCount(uid) > 0 {
		if err := asUID(uid, func() { removeSysv(uid) }); err != nil {
			return fmt.Errorf("sandbox: cannot remove the System V IPC objects of box uid %d: %w", uid, err)
		}
	}
	for _, d := range tmpfsFolders() {
		ownedFiles(d, uid, func(p string) { os.RemoveAll(p) })
	}
	if n := sysvCount(uid); n > 0 {
		return fmt.Errorf("sandbox: cannot remove %d System V IPC objects box uid %d left on the host", n, uid)
	}
	return nil
}

// removeSysv removes the System V IPC objects uid made or owns, as far
// as this thread may.
func removeSysv(uid int) {
	for _, t := range sysvTables {
		var ids []int
		sysvRows(t, uid, func(f []string) {
			if id, err := strconv.Atoi(f[t.id]); err == nil {
				ids = append(ids, id)
			}
		})
		for _, id := range ids {
			t.rm(id)
		}
	}
}

// sysvCount is the number of System V IPC objects uid made or owns.
func sysvCount(uid int) int {
	n := 0
	for _, t := range sysvTables {
		sysvRows(t, uid, func([]string) { n++ })
	}
	return n
}

// asUID calls f on a thread of its own whose effective uid is uid (the
// creator or owner of an IPC object may remove it): the thread is never
// given back, and ends with the goroutine, its uid with it.
func asUID(uid int, f func()) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread exits with this goroutine
		// The raw system call changes this thread alone, not the process.
		if _, _, e := unix.RawSyscall(unix.SYS_SETRESUID, ^uintptr(0), uintptr(uid), ^uintptr(0)); e != 0 {
			done <- e
			return
		}
		f()
		done <- nil
	}()
	return <-done
}
