package javabridge

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// JDK reads the JDK's own classes from the run-time image of the JDK the
// test box runs, to find which JDK class a student's exception's stand-in
// can extend: the hierarchy is walked in the JDK's class files, never in a
// list of names.
type JDK struct {
	img     *jimage
	modules []string // java.base first

	mu    sync.Mutex
	cache map[string]jdkBase
}

// jdkBase is what a stand-in of a student's exception extends: the JDK
// class, and whether its constructor takes the message (else it takes
// nothing, and the stand-in says its message itself).
type jdkBase struct {
	class   string // binary name; "" when the class is no usable throwable
	message bool
	err     error
}

var (
	jdkMu sync.Mutex
	jdks  = map[string]*JDK{}
)

// OpenJDK opens the run-time image of the JDK whose java launcher is
// java (a path, symbolic links followed: /usr/bin/java is Debian's
// alternative), once per process. An error says why it cannot be read;
// Standins then knows only java.lang's Throwable, Exception,
// RuntimeException and Error.
func OpenJDK(java string) (*JDK, error) {
	if !filepath.IsAbs(java) {
		p, err := exec.LookPath(java)
		if err != nil {
			return nil, err
		}
		java = p
	}
	real, err := filepath.EvalSymlinks(java)
	if err != nil {
		return nil, err
	}
	home := filepath.Dir(filepath.Dir(real))
	jdkMu.Lock()
	defer jdkMu.Unlock()
	if j := jdks[home]; j != nil {
		return j, nil
	}
	img, err := openJimageFile(filepath.Join(home, "lib", "modules"))
	if err != nil {
		return nil, fmt.Errorf("reading the JDK's classes: %w", err)
	}
	j := &JDK{img: img, modules: releaseModules(filepath.Join(home, "release")), cache: map[string]jdkBase{}}
	jdks[home] = j
	return j, nil
}

// releaseModules are the modules the JDK's release file names, java.base
// first (where nearly every exception is); java.base alone without one.
func releaseModules(path string) []string {
	mods := []string{"java.base"}
	b, err := os.ReadFile(path)
	if err != nil {
		return mods
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "MODULES="); ok {
			for _, m := range strings.Fields(strings.Trim(v, `"`)) {
				if m != "java.base" && validModule(m) {
					mods = append(mods, m)
				}
			}
		}
	}
	return mods
}

func validModule(m string) bool {
	for _, s := range strings.Split(m, ".") {
		if !validIdent(s) {
			return false
		}
	}
	return true
}

// class reads one of the JDK's classes by binary name, or nil when no
// module of the image has it.
func (j *JDK) class(bin string) (*Class, error) {
	for _, m := range j.modules {
		b, err := j.img.read("/" + m + "/" + bin + ".class")
		if err != nil {
			return nil, err
		}
		if b != nil {
			return ReadClass(b)
		}
	}
	return nil, nil
}

// unsafeBases are the throwables a stand-in never extends: the errors
// JUnit treats as fatal to the whole run, or the virtual machine's own
// (the test side turns those into StudentError); a student's exception
// below one crosses as the nearest ancestor above it (Error).
var unsafeBases = setOf(`java/lang/VirtualMachineError java/lang/LinkageError java/lang/ThreadDeath`)

// base walks the JDK's hierarchy up from bin, a JDK class a student's
// class extends: the nearest public top-level throwable of an exported
// java.* or javax.* package with a public or protected constructor that
// takes a String or nothing.
func (j *JDK) base(bin string) jdkBase {
	j.mu.Lock()
	defer j.mu.Unlock()
	if b, ok := j.cache[bin]; ok {
		return b
	}
	b := j.walk(bin)
	j.cache[bin] = b
	return b
}

func (j *JDK) walk(bin string) jdkBase {
	var chain []*Class
	for s := bin; s != "java/lang/Object"; {
		if !jdkClass(s) || len(chain) > 32 {
			return jdkBase{}
		}
		c, err := j.class(s)
		if err != nil {
			return jdkBase{err: fmt.Errorf("%s: %w", javaName(s), err)}
		}
		if c == nil || c.Name != s {
			return jdkBase{}
		}
		chain = append(chain, c)
		s = c.Super
	}
	if len(chain) == 0 || chain[len(chain)-1].Name != "java/lang/Throwable" {
		return jdkBase{} // no throwable
	}
	start := 0 // past the last unsafe base, if any
	for i, c := range chain {
		if unsafeBases[c.Name] {
			start = i + 1
		}
	}
	for _, c := range chain[start:] {
		if c.Access&accPublic == 0 || strings.Contains(c.Name, "$") {
			continue
		}
		if isNested(c) {
			continue
		}
		if msg, ok := usableConstructor(c); ok {
			return jdkBase{class: c.Name, message: msg}
		}
	}
	return jdkBase{}
}

// usableConstructor says whether a subclass in another package can call
// one of c's constructors with a message (or with nothing).
func usableConstructor(c *Class) (message, ok bool) {
	for _, m := range c.Methods {
		if m.Name == "<init>" && m.Access&(accPublic|accProtected) != 0 {
			switch m.Descriptor {
			case "(Ljava/lang/String;)V":
				return true, true
			case "()V":
				ok = true
			}
		}
	}
	return false, ok
}

// isNested says whether c is a member, local or anonymous class (its own
// row in its InnerClasses attribute).
func isNested(c *Class) bool {
	for _, ic := range c.Inner {
		if ic.Inner == c.Name {
			return true
		}
	}
	return false
}
