package toolchain

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// rustup's rustc, a link to rustup, is the toolchain's own rustc behind
// it, with its sysroot readable in the box; a rustc that is no proxy is
// itself.
func TestRustupRustc(t *testing.T) {
	home := t.TempDir()
	sysroot := filepath.Join(home, ".rustup", "toolchains", "stable")
	bin := filepath.Join(home, ".cargo", "bin")
	for _, d := range []string{filepath.Join(sysroot, "bin"), filepath.Join(sysroot, "lib", "rustlib"), bin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	real := filepath.Join(sysroot, "bin", "rustc")
	if err := os.WriteFile(real, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A proxy that answers as rustup's rustc does when called as rustc.
	proxy := "#!/bin/sh\n[ \"${0##*/}\" = rustc ] && [ \"$1 $2\" = '--print sysroot' ] && echo '" + sysroot + "' && exit 0\necho 'For more information, try --help.' >&2; exit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "rustup"), []byte(proxy), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("rustup", filepath.Join(bin, "rustc")); err != nil {
		t.Fatal(err)
	}
	if got := rustupRustc(filepath.Join(bin, "rustc")); got != real {
		t.Errorf("rustupRustc(the proxy) = %q; want %q", got, real)
	}
	if got := rustupRustc(real); got != "" {
		t.Errorf("rustupRustc(a real rustc) = %q; want none", got)
	}
	if got := rustSysroot(real); !slices.Equal(got, []string{sysroot}) {
		t.Errorf("rustSysroot = %q; want %q", got, sysroot)
	}
	if got := rustSysroot("/usr/bin/rustc"); got != nil {
		t.Errorf("rustSysroot(/usr/bin/rustc) = %q; want none", got)
	}
	t.Setenv("PATH", bin)
	tool := Rust.Tools[0]
	tool.Candidates = []string{"rustc"}
	if got := tool.Paths(); !slices.Equal(got, []string{real}) {
		t.Errorf("Paths = %q; want the toolchain's rustc %q", got, real)
	}
}
