// Package atomicfile writes a file so that readers see the old file or
// the whole new one, never a part: the project's one temp-file-and-rename
// write.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Pattern is the glob of the temporary files a WriteFile of name that was
// killed before its rename can leave beside it.
func Pattern(name string) string {
	return filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".*")
}

// WriteFile writes data to name atomically, mode 0644: a hidden temporary
// file in name's folder, synced, then renamed over name. On error nothing
// is left behind and name is as it was.
func WriteFile(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
