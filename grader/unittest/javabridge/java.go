package javabridge

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed all:java
var javaFS embed.FS

// The bridge's Java entry points and files.
const (
	// LauncherMain starts the tests in the test box: it takes fds 0/1 for the
	// bridge, then runs the tests (Launch.java: as JUnit's console
	// launcher runs them, through the platform's launcher API) with its
	// arguments.
	LauncherMain = "autograder.bridge.Main"
	// ServerMain starts the student-side server in the student box.
	ServerMain = "autograder.bridge.server.Server"
	// IndexPath is where Result.Index goes among the tests' classes.
	IndexPath = "autograder/bridge/standins.txt"
)

// serverFiles are the files of the student-side server: the codec it
// shares with the test side, and itself.
var serverFiles = []string{"autograder/bridge/Frames.java", "autograder/bridge/Json.java",
	"autograder/bridge/Values.java", "autograder/bridge/Peer.java", "autograder/bridge/server/Server.java",
	"autograder/bridge/server/Named.java"}

// TestSideFiles are the test side's files (path -> content): its Java
// sources, to compile against JUnit's console launcher, and the
// launcher's service file that registers its listener (copied as it is).
func TestSideFiles() map[string][]byte {
	out := map[string][]byte{}
	fs.WalkDir(javaFS, "java", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.Contains(p, "/server/") {
			b, _ := javaFS.ReadFile(p)
			out[strings.TrimPrefix(p, "java/")] = b
		}
		return nil
	})
	return out
}

// ServerFiles are the student-side server's Java sources (path -> content),
// which need nothing but the JDK.
func ServerFiles() map[string][]byte {
	out := map[string][]byte{}
	for _, p := range serverFiles {
		b, err := javaFS.ReadFile("java/" + p)
		if err != nil {
			panic(err) // embedded: cannot happen
		}
		out[p] = b
	}
	return out
}

// Compile writes files (path -> content) under a temporary folder,
// compiles the .java ones with javac into out against classpath, and
// copies the others into out as they are. The error holds javac's
// messages.
func Compile(ctx context.Context, javac string, classpath []string, files map[string][]byte, out string, flags ...string) error {
	src, err := os.MkdirTemp("", "javabridge-src-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(src)
	var javas []string
	for p, b := range files {
		dst := filepath.Join(out, p)
		if strings.HasSuffix(p, ".java") {
			dst = filepath.Join(src, p)
			javas = append(javas, dst)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
	}
	args := append([]string{"-d", out, "-proc:none", "-encoding", "UTF-8", "-nowarn", "-Xlint:none", "-implicit:none"}, flags...)
	if len(classpath) > 0 {
		args = append(args, "-cp", strings.Join(classpath, string(os.PathListSeparator)))
	}
	cmd := exec.CommandContext(ctx, javac, append(args, javas...)...)
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("javac: %v\n%s", err, msg.Bytes())
	}
	return nil
}

// ServerArgs are the java launcher's arguments that start the student-side
// server in the student box: opts (the toolchain's JVM options), then a
// class path with the server's classes before the student's (a student's
// class cannot stand in for the server's), then ServerMain. The student
// box holds serverDir and studentDir and nothing of the tests.
func ServerArgs(opts []string, serverDir, studentDir string) []string {
	args := append([]string{}, opts...)
	return append(args, "-cp", serverDir+string(os.PathListSeparator)+studentDir, ServerMain)
}

// LauncherArgs are the java launcher's arguments that run the tests in the
// test box: opts, a class path of JUnit's console launcher, the test
// side's classes and the folder of the compiled stand-ins and tests (with
// Result.Index), LauncherMain, and its options (the console launcher's
// names): its XML report into reports, the classes given. The test box
// holds no student file. java.lang is opened to the test side, which cuts each
// test's exceptions in place before the report is written (Cap.java): a
// test's failure costs its own test, never the report.
func LauncherArgs(opts []string, junit, testSideDir, testsDir, reports string, classes []string) []string {
	sep := string(os.PathListSeparator)
	args := append([]string{}, opts...)
	args = append(args, "--add-opens=java.base/java.lang=ALL-UNNAMED", "-cp", junit+sep+testSideDir+sep+testsDir, LauncherMain,
		"--reports-dir="+reports)
	for _, c := range classes {
		args = append(args, "--select-class="+c)
	}
	return args
}

// BuildTests compiles, into out, the stand-ins of res and the
// instructor's tests (path -> content), in one run of javac, against
// JUnit's console launcher and the test side's classes; and puts
// res.Index at IndexPath; flags go to javac as Compile's do (its -J
// options). The error holds javac's messages.
func BuildTests(ctx context.Context, javac, junit, testSideDir string, res *Result, tests map[string][]byte, out string, flags ...string) error {
	files := map[string][]byte{IndexPath: res.Index}
	for p, b := range res.Sources {
		files[p] = b
	}
	for p, b := range tests {
		files[p] = b
	}
	return Compile(ctx, javac, []string{junit, testSideDir}, files, out, flags...)
}
