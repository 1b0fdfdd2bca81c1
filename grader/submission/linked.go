package submission

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// A teacher's program (a checker, or a problem package's output
// validator, data validator, generator or included file) is read
// following its symbolic links, wherever they lead, as problemtools and
// BAPCtools read a package: a contest's validators often link one shared
// header (validation.h) kept out of every problem's folder. It is the
// teacher's own input. A student's work is never read this way: a link
// in a submission is left out (Load).

// ProgramFile reports whether entry e of folder dir is one of a
// teacher's program's files: a regular file, or a symbolic link to one.
// A folder is not (the caller reads its own folders); a link that leads
// nowhere, to a folder, or to anything but a regular file is an error
// naming the link.
func ProgramFile(dir string, e fs.DirEntry) (bool, error) {
	switch {
	case e.Type().IsRegular():
		return true, nil
	case e.IsDir():
		return false, nil
	case e.Type()&fs.ModeSymlink == 0:
		return false, fmt.Errorf("%s/%s is not a regular file", dir, e.Name())
	}
	if err := linkTarget(dir + string(os.PathSeparator) + e.Name()); err != nil {
		return false, err
	}
	return true, nil
}

// ReadProgramFile reads one file of a teacher's program, of at most max
// bytes: a regular file, or a symbolic link to one (ProgramFile).
func ReadProgramFile(p string, max int64) ([]byte, error) {
	info, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		if err := linkTarget(p); err != nil {
			return nil, err
		}
	} else if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", p)
	}
	return readCapped(p, max)
}

// linkTarget checks that the link p leads to a regular file, in one
// line that names the link and where it leads.
func linkTarget(p string) error {
	to, err := os.Readlink(p)
	if err != nil {
		return err
	}
	info, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s is a link to %s, which does not exist", p, to)
	case err != nil:
		return fmt.Errorf("%s is a link to %s, which cannot be read: %v", p, to, unwrapPath(err))
	case info.IsDir():
		return fmt.Errorf("%s is a link to a folder (%s): a program's file may link only to a file", p, to)
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s is a link to %s, which is not a regular file", p, to)
	}
	return nil
}

// unwrapPath is a *fs.PathError's own error (the path is said already).
func unwrapPath(err error) error {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
