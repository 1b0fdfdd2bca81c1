package toolchain

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/sandbox"
)

// Rust compiles the crate root (main.rs, else the first source; the others
// are its modules) with rustc, optimised, as the 2021 edition.
var Rust = &Toolchain{
	Name:     "rust",
	Title:    "Rust",
	Codes:    []string{"rust"},
	Exts:     []string{".rs"},
	Products: []string{"*.o", "*.rlib", "*.rmeta", "*.d", "*.exe"},
	Binary:   true,
	Runtime:  "rustc",
	// The system's compiler first: rustup's rustc on PATH is a proxy that
	// looks for its toolchains in the user's home; the toolchain's own
	// rustc behind it is used (rustupRustc), its sysroot readable.
	Tools: []Tool{{Name: "rustc", Candidates: []string{"/usr/bin/rustc", "/usr/local/bin/rustc", "rustc"},
		Version: []string{"--version"}, VersionRE: regexp.MustCompile(`rustc (\S+)`), Proxy: rustupRustc}},
	ReadOnly: rustSysroot,
	Commands: func(main string, sources []string) ([][]string, []string) {
		root := sources[0]
		if slices.Contains(sources, "main.rs") {
			root = "main.rs"
		}
		return [][]string{{"rustc", "--edition", "2021", "-O", "-o", main, root}}, []string{"./" + main}
	},
	DefaultMain: func([]string) string { return "main" },
	CheckMain:   checkBinary,
	Syntax:      rustSyntax,
	Limit: func(stderr []byte) sandbox.Limit {
		// What Rust's allocator prints before it aborts.
		if bytes.Contains(stderr, []byte("memory allocation of ")) {
			return sandbox.Memory
		}
		return sandbox.None
	},
	Hello: sandbox.File{Name: "hello.rs", Data: []byte(`use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let name = input.split_whitespace().next().unwrap_or("");
    let arg = std::env::args().nth(1).unwrap_or_default();
    println!("hello, {} {}", name, arg);
}
`)},
}

// rustupRustc is the rustc of the toolchain rustup's proxy would run (its
// sysroot's bin/rustc), when found is that proxy (a link to rustup, the
// usual install); "" otherwise. The proxy is asked on the host, as the
// user who installed it, where the toolchain is.
func rustupRustc(found string) string {
	if r, err := filepath.EvalSymlinks(found); err != nil || strings.TrimSuffix(filepath.Base(r), ".exe") != "rustup" {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a lookup, far above need
	defer cancel()
	cmd := exec.CommandContext(ctx, found, "--print", "sysroot")
	// rustup finds its toolchains by $RUSTUP_HOME, else ~/.rustup; with
	// neither (a grader run under another HOME), beside the proxy's
	// ~/.cargo/bin, where rustup's installer puts both.
	if r, _ := filepath.EvalSymlinks(found); os.Getenv("RUSTUP_HOME") == "" {
		home := filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(r))), ".rustup")
		if st, err := os.Stat(home); err == nil && st.IsDir() {
			cmd.Env = append(os.Environ(), "RUSTUP_HOME="+home)
		}
	}
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	real := filepath.Join(strings.TrimSpace(string(out)), "bin", "rustc")
	if st, err := os.Stat(real); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return real
}

// rustSysroot is what a rustc outside the system's folders needs in the
// box: its sysroot (the folder above its bin), which holds the standard
// library, when it has one (lib/rustlib).
func rustSysroot(resolved string) []string {
	bin := filepath.Dir(resolved)
	root := filepath.Dir(bin)
	if filepath.Base(bin) != "bin" || strings.HasPrefix(root, "/usr") {
		return nil
	}
	if st, err := os.Stat(filepath.Join(root, "lib", "rustlib")); err != nil || !st.IsDir() {
		return nil
	}
	return []string{root}
}
