package sandbox

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A fallback box without root runs as the grader's own user: what it
// would leave in the host's tmpfs folders (/dev/shm) could not be told
// from the grader's, nor metered, nor removed. There the helper shuts
// the box in with Landlock (Linux 5.13 and later, no privilege needed):
// the box may make, write, truncate or remove files only below its own
// folder, and write to /dev's null, zero and full. Reading stays as it
// was. Where the kernel has no Landlock the box does not run.

// A fallback box shares the host's network (no namespace of its own);
// where Landlock's fourth ABI is there (Linux 6.7), the helper takes TCP
// from it, binding and connecting, as the other tiers' boxes have no
// network at all: what a box would hold in the kernel's buffers of
// loopback connections (a gigabyte in unread ones) no meter reads, and
// it could reach services of the machine.

// landlockTCP are the rights Landlock's fourth ABI has over TCP.
const landlockTCP = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP

// noTCP takes TCP from the calling thread and the program it forks: it
// may neither bind nor connect a TCP socket. False, and nothing done,
// where the kernel's Landlock is older than its fourth ABI (or absent).
// no_new_privs must be set.
func noTCP() (bool, error) {
	if abi, err := landlockABI(); err != nil || abi < 4 {
		return false, nil
	}
	attr := unix.LandlockRulesetAttr{Handled_access_net: landlockTCP}
	fd, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), 16, 0)
	if e != 0 {
		return false, fmt.Errorf("Landlock: %w", e)
	}
	defer unix.Close(int(fd))
	if _, _, e := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); e != 0 {
		return false, fmt.Errorf("Landlock: %w", e)
	}
	return true, nil
}

// landlockWrites are the rights Landlock's first ABI has to change the
// file system; later ABIs add moving files between folders (REFER, 2)
// and truncating (3).
const landlockWrites = unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR |
	unix.LANDLOCK_ACCESS_FS_REMOVE_FILE | unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR |
	unix.LANDLOCK_ACCESS_FS_MAKE_REG | unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO |
	unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK | unix.LANDLOCK_ACCESS_FS_MAKE_SYM

// landlockABI is the kernel's Landlock version, or an error saying why
// there is none.
func landlockABI() (int, error) {
	v, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if e != 0 {
		return 0, fmt.Errorf("no Landlock (Linux 5.13, in the kernel's lsm= list): %w", e)
	}
	return int(v), nil
}

// shutIn restricts the calling thread, and the program it forks, to
// writing below dir (and to /dev's null, zero and full). no_new_privs
// must be set.
func shutIn(dir string) error {
	abi, err := landlockABI()
	if err != nil {
		return err
	}
	writes := uint64(landlockWrites)
	if abi >= 2 {
		writes |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		writes |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	attr := struct{ handled uint64 }{writes}
	fd, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e != 0 {
		return fmt.Errorf("Landlock: %w", e)
	}
	ruleset := int(fd)
	defer unix.Close(ruleset)
	fileWrites := writes & (unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE)
	for _, r := range []struct {
		path   string
		rights uint64
	}{{dir, writes}, {"/dev/null", fileWrites}, {"/dev/zero", fileWrites}, {"/dev/full", fileWrites}} {
		if err := allowBeneath(ruleset, r.path, r.rights); err != nil {
			return err
		}
	}
	if _, _, e := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(ruleset), 0, 0); e != 0 {
		return fmt.Errorf("Landlock: %w", e)
	}
	return nil
}

// allowBeneath adds to ruleset the rights on path and below it.
func allowBeneath(ruleset int, path string, rights uint64) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("Landlock: %w", err)
	}
	defer unix.Close(fd)
	rule := unix.LandlockPathBeneathAttr{Allowed_access: rights, Parent_fd: int32(fd)}
	if _, _, e := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(ruleset), unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&rule)), 0, 0, 0); e != 0 {
		return fmt.Errorf("Landlock: %s: %w", path, e)
	}
	return nil
}
