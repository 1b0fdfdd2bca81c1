package warm

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cs540-tools/autograder/grader/toolchain"
)

//go:embed java/*.java
var javaSources embed.FS

// MinJava and MaxJava bound the Java feature versions warm mode runs on:
// it traps System.exit with a SecurityManager, which Java 24 removed.
const (
	MinJava = 17
	MaxJava = 23
)

// JDK is a JDK that warm mode can use, with the harness compiled for it.
type JDK struct {
	Java    string // the java launcher, symbolic links resolved
	Version string // as `java -version` says it, e.g. "17.0.15"
	Feature int    // 17

	dir string // the cache folder: harness.jar, harness.jsa
	jar string
	jsa string // "" when no class data archive could be made
}

var (
	jdkMu    sync.Mutex
	jdkCache = map[string]*jdkResult{}
)

type jdkResult struct {
	jdk *JDK
	err error
}

// FindJDK finds the Java toolchain's JDK as the runner does
// (toolchain.FindJDK: the java on PATH, the javac beside it), checks its
// version and prepares the
// harness for it under cacheDir (default: the user's cache folder,
// autograder/warm): the Java sources embedded in this package are compiled
// on first use, into a folder keyed by the JDK and the sources, together
// with a class data sharing archive that makes the harness and javac start
// faster. Later calls, in this process or another, reuse it. The error says
// why warm mode is unavailable.
func FindJDK(cacheDir string) (*JDK, error) {
	jdkMu.Lock()
	defer jdkMu.Unlock()
	if r, ok := jdkCache[cacheDir]; ok {
		return r.jdk, r.err
	}
	j, err := findJDK(cacheDir)
	jdkCache[cacheDir] = &jdkResult{j, err}
	return j, err
}

func findJDK(cacheDir string) (*JDK, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	found, err := toolchain.FindJDK(ctx)
	if err != nil {
		return nil, fmt.Errorf("warm mode: %w", err)
	}
	java, javac, out := found.Java, found.Javac, found.Banner
	j := &JDK{Java: java, Version: found.Version, Feature: found.Feature}
	switch {
	case j.Feature < MinJava:
		return nil, fmt.Errorf("warm mode: Java %s is older than %d", j.Version, MinJava)
	case j.Feature > MaxJava:
		return nil, fmt.Errorf("warm mode: Java %s has no SecurityManager to trap System.exit (Java %d at most)", j.Version, MaxJava)
	}
	if cacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("warm mode: no cache folder: %w", err)
		}
		cacheDir = filepath.Join(base, "autograder", "warm")
	}
	if cacheDir, err = filepath.Abs(cacheDir); err != nil {
		return nil, fmt.Errorf("warm mode: %w", err)
	}
	h := sha256.New()
	// The archive is made with the preset's options and fits only them.
	fmt.Fprintf(h, "%s\n%s\n%q\n%q\n", java, out, toolchain.JVMOptions(0, j.Version), harnessJavac)
	if st, err := os.Stat(filepath.Join(filepath.Dir(filepath.Dir(java)), "lib", "modules")); err == nil {
		fmt.Fprintf(h, "%d %d\n", st.Size(), st.ModTime().UnixNano())
	}
	names, _ := fs.Glob(javaSources, "java/*.java")
	for _, n := range names {
		b, _ := javaSources.ReadFile(n)
		fmt.Fprintf(h, "%s %d\n", n, len(b))
		h.Write(b)
	}
	j.dir = filepath.Join(cacheDir, "jdk-"+j.Version+"-"+hex.EncodeToString(h.Sum(nil))[:16])
	j.jar = filepath.Join(j.dir, "harness.jar")
	if err := j.prepare(javac); err != nil {
		return nil, fmt.Errorf("warm mode: preparing the harness in %s: %w", j.dir, err)
	}
	return j, nil
}

// prepare compiles the harness into j.dir unless it is there, then makes
// the class data archive unless it is there.
func (j *JDK) prepare(javac string) error {
	if _, err := os.Stat(j.jar); err != nil {
		if err := j.build(javac); err != nil {
			return err
		}
	}
	jsa := filepath.Join(j.dir, "harness.jsa")
	if _, err := os.Stat(jsa); err != nil {
		// Without the archive the harness works, only slower to start.
		_ = j.train(jsa)
	}
	if _, err := os.Stat(jsa); err == nil {
		j.jsa = jsa
	}
	return nil
}

// harnessWall bounds the harness's compile and its training run, our own
// code, which need a few seconds of CPU time: far above that, so that a
// machine loaded far past its cores, which stretches them a hundredfold,
// does not leave the grader without warm mode. It only ends one that
// hangs.
const harnessWall = 30 * time.Minute

// harnessJavac are javac's options for the harness's own sources. Their
// string concatenations are compiled inline (StringBuilder), not to
// invokedynamic: a fresh JVM spins a method handle tree for each shape of
// concatenation it meets, about a millisecond each, and the harness's
// scan meets many of them before the first case.
var harnessJavac = []string{"-encoding", "UTF-8", "-nowarn", "-Xlint:none", "-proc:none", "-XDstringConcat=inline"}

// build compiles the sources and packs them into harness.jar: in a fresh
// folder first, renamed into place, so that concurrent graders never see
// half a cache.
func (j *JDK) build(javac string) error {
	parent := filepath.Dir(j.dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, ".build-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "src")
	classes := filepath.Join(tmp, "classes")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return err
	}
	names, _ := fs.Glob(javaSources, "java/*.java")
	args := append(slices.Clone(harnessJavac), "-d", classes)
	for _, n := range names {
		b, _ := javaSources.ReadFile(n)
		p := filepath.Join(src, filepath.Base(n))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
		args = append(args, p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), harnessWall)
	defer cancel()
	if out, err := exec.CommandContext(ctx, javac, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("javac: %v: %s", err, out)
	}
	out := filepath.Join(tmp, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		return err
	}
	if err := writeJar(filepath.Join(out, "harness.jar"), classes); err != nil {
		return err
	}
	// The box's uid reads the cache through a read-only bind.
	if err := os.Chmod(out, 0o755); err != nil {
		return err
	}
	if err := os.Rename(out, j.dir); err != nil {
		if _, serr := os.Stat(j.jar); serr == nil {
			return nil // another grader was first
		}
		return err
	}
	return nil
}

// writeJar packs the class files under dir into a jar (a zip; the JVM
// needs no manifest for -cp).
func writeJar(path, dir string) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: filepath.ToSlash(rel), Method: zip.Deflate, Modified: time.Unix(0, 0)})
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// jvmOptions are the harness's own JVM options, after the sandbox's Java
// preset: the SecurityManager allowed, the class data archive, and no
// JVM message on stdout, which carries the replies.
func (j *JDK) jvmOptions(main string) []string {
	opts := []string{"-Djava.security.manager=allow", "-Xlog:disable", "-Xlog:all=off", "-XX:+DisplayVMOutputToStderr"}
	if main == harnessMain {
		// A StackOverflowError anywhere, caught or not, ends the JVM at
		// once, without a crash report: the case under way runs cold, as
		// deep as a fresh JVM lets it (see CaseThread.STACK).
		opts = append(opts, "-XX:+UnlockDiagnosticVMOptions", "-XX:AbortVMOnException=java.lang.StackOverflowError", "-XX:+SuppressFatalErrorMessage",
			// Compiler threads that never end: glibc hands the stack of
			// a thread that ended to the next thread that asks for no
			// more than four times less, and a case thread would get a
			// compiler thread's larger stack, not CaseThread.STACK.
			"-XX:-UseDynamicNumberOfCompilerThreads",
			// So does an OutOfMemoryError, caught or not: how much a
			// case can allocate depends on what the harness and the
			// cases before it hold, so a program that counts it could
			// tell a shared JVM from a fresh one. The case runs cold.
			"-XX:+ExitOnOutOfMemoryError")
	}
	if j.jsa != "" {
		opts = append(opts, "-XX:SharedArchiveFile="+j.jsa, "-Xshare:auto")
	}
	return append(opts, "-cp", j.jar, main)
}

// The Java programs of the jar.
const (
	harnessMain  = "autograder.warm.Harness"
	compilerMain = "autograder.warm.Compiler"
)

// train runs the harness once, outside the sandbox (the code is ours), on a
// small program, and has the JVM archive the classes it loaded.
func (j *JDK) train(jsa string) error {
	tmp, err := os.MkdirTemp(j.dir, ".train-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "Train.java"), []byte(trainSource), 0o644); err != nil {
		return err
	}
	var cases []request
	for i, a := range [][]string{{"1"}, {"2", "x"}, {"3"}, {"4"}, {"5"}} {
		cases = append(cases, request{Index: i, Args: a})
	}
	req := encodeRequest(modeTrain, []string{"-encoding", "UTF-8", "Train.java"}, "Train", ".", limits{
		CPU: 10 * time.Second, Wall: 10 * time.Second, Output: 1 << 20, BuildWall: time.Minute,
	}, cases)
	part := jsa + ".part" + strconv.Itoa(os.Getpid())
	defer os.Remove(part)
	// The options the Java preset gives, so that the archive fits the runs.
	args := append(toolchain.JVMOptions(0, j.Version), "-XX:ArchiveClassesAtExit="+part)
	for _, o := range j.jvmOptions(harnessMain) {
		if !strings.HasPrefix(o, "-XX:SharedArchiveFile=") && o != "-Xshare:auto" {
			args = append(args, o)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), harnessWall)
	defer cancel()
	cmd := exec.CommandContext(ctx, j.Java, args...)
	cmd.Dir = tmp
	cmd.Stdin = bytes.NewReader(req)
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, io.Discard
	if err := cmd.Run(); err != nil {
		return err
	}
	if _, err := os.Stat(part); err != nil {
		return errors.New("the JVM wrote no archive")
	}
	if err := os.Chmod(part, 0o644); err != nil {
		return err
	}
	return os.Rename(part, jsa)
}

// trainSource loads what a typical submission loads.
const trainSource = `import java.util.*;

public class Train {
    static int[] board = new int[8];

    public static void main(String[] args) {
        int flag = Integer.valueOf(args[0]);
        Random rng = new Random();
        rng.setSeed(flag);
        ArrayList<int[]> list = new ArrayList<int[]>();
        for (int i = 0; i < 8; i++) {
            board[i] = rng.nextInt(8);
            list.add(board.clone());
        }
        double t = Math.exp(-1.0 / 3.0) * rng.nextDouble();
        StringBuilder sb = new StringBuilder();
        for (int[] b : list) {
            sb.append(Arrays.toString(b));
        }
        System.out.println(flag + ":" + sb.length() + " " + t);
        System.out.print("x\r\n");
        System.err.println("debug " + list.size());
        if (flag == 2) {
            throw new IllegalArgumentException("bad " + args[1]);
        }
        if (flag == 3) {
            System.exit(3);
        }
        if (flag == 4) {
            System.out.println(String.format("%d %s", flag, "four"));
            new Scanner(System.in).hasNext();
        }
    }
}
`
