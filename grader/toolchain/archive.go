package toolchain

import (
	"context"
	"os"
	"path/filepath"
	"sync"
)

// A JVM's class data archive (a dynamic archive, -XX:SharedArchiveFile:
// the classes a JVM loads, parsed once into a file it maps at its start)
// is kept in the user's cache folder, one per machine for what it
// depends on (its key), and checked once per process before its first
// use: a damaged archive crashes the JVM that maps it, so one that fails
// the check is built again, or not used. One is built in a fresh folder
// beside its place and checked there, then renamed into place, so that
// no half-written archive is ever mapped.

var (
	archivesMu sync.Mutex
	archives   = map[string]string{} // by name and key: the checked archive's path, or "" for none
)

// CachedArchive is the path of the archive name-key.jsa in the user's
// cache folder: the one there if check passes it, else the one build
// writes (in tmp, a fresh folder; it returns the file's path), once
// check passes it; remembered for the process; "" when there is no cache
// folder, or none could be built that passes.
func CachedArchive(ctx context.Context, name, key string, build func(ctx context.Context, tmp string) (string, error), check func(ctx context.Context, p string) error) string {
	return CachedFile(ctx, name+"-"+key+".jsa", build, check)
}

// CachedFile is CachedArchive for any file kept alike (a Python test
// box's start cache): the file id in the user's cache folder.
func CachedFile(ctx context.Context, id string, build func(ctx context.Context, tmp string) (string, error), check func(ctx context.Context, p string) error) string {
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	archivesMu.Lock()
	defer archivesMu.Unlock()
	p, ok := archives[id]
	if !ok {
		p = filepath.Join(base, "autograder", id)
		if readyArchive(ctx, p, build, check) != nil {
			p = ""
		}
		archives[id] = p
	}
	return p
}

// ForgetArchives forgets which archives were checked, as a new process
// would not know: the next use checks each again.
func ForgetArchives() {
	archivesMu.Lock()
	clear(archives)
	archivesMu.Unlock()
}

// readyArchive makes p a checked archive: the one there, if it passes
// check, else one built afresh that does.
func readyArchive(ctx context.Context, p string, build func(context.Context, string) (string, error), check func(context.Context, string) error) error {
	if _, err := os.Stat(p); err == nil {
		if check(ctx, p) == nil {
			return nil
		}
		os.Remove(p)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(p), "."+filepath.Base(p)+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	jsa, err := build(ctx, tmp)
	if err != nil {
		return err
	}
	if err := check(ctx, jsa); err != nil {
		return err
	}
	return os.Rename(jsa, p)
}
