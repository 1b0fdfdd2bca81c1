package toolchain

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestJVMOptions(t *testing.T) {
	const gc = "-XX:+UseG1GC -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1"
	const rest = " -XX:-UsePerfData -XX:ErrorFile=/tmp/hs_err_pid%p.log -XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=5"
	const cds = " -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0"
	for _, tc := range []struct {
		memory   int64
		launcher bool
		version  string
		want     string
	}{
		{256 << 20, false, "17.0.15", "-Xmx128m " + gc + rest + " -Xss8m -Xbatch" + cds},
		{512 << 20, true, "17.0.15", "-J-Xmx256m -J" + strings.ReplaceAll(gc+rest+" -Xss16m"+cds, " ", " -J")},
		{8 << 20, false, "21", "-Xmx16m " + gc + rest + " -Xss1m -Xbatch" + cds},
		{0, false, "", "-Xmx256m " + gc + rest + " -Xss16m -Xbatch"},
		{1 << 30, false, "11.0.2", "-Xmx512m " + gc + rest + " -Xss32m -Xbatch"},
		{2 << 30, false, "1.8.0_392", "-Xmx1024m " + gc + rest + " -Xss64m -Xbatch"},
		{8 << 30, false, "17", "-Xmx4096m " + gc + rest + " -Xss64m -Xbatch" + cds},
	} {
		if got := strings.Join(jvmOptions(tc.memory, javaHeap(Box{Memory: tc.memory}), tc.launcher, tc.version), " "); got != tc.want {
			t.Errorf("jvmOptions(%d, %v, %q):\n got %s\nwant %s", tc.memory, tc.launcher, tc.version, got, tc.want)
		}
	}
}

// TestJavaHeap: the JVM's heap is half the memory limit; with the judges'
// runtime, the limit less the JVM's own needs (javaReserve) when that is
// more, so a program whose data is past half the limit runs. The java
// launcher gets it; javac keeps half.
func TestJavaHeap(t *testing.T) {
	for _, tc := range []struct {
		memory int64
		judges bool
		want   int64 // MiB
	}{
		{256 << 20, false, 128}, {2 << 30, false, 1024}, {0, false, 256}, {8 << 20, false, 16},
		{256 << 20, true, 192}, // 256 - 48 - 16
		{128 << 20, true, 72},
		{64 << 20, true, 32}, // half is more
		{1 << 30, true, 912},
		{2 << 30, true, 1872}, {0, true, 432}, // the sandbox's default, 512 MiB
	} {
		if got := javaHeap(Box{Memory: tc.memory, Judges: tc.judges}) >> 20; got != tc.want {
			t.Errorf("javaHeap(%d MiB, judges %v) = %d MiB, want %d", tc.memory>>20, tc.judges, got, tc.want)
		}
	}
	box := Box{Memory: 256 << 20, CPU: time.Second, Judges: true}
	if got := Java.Options("java", box, "17"); !slices.Contains(got, "-Xmx192m") {
		t.Errorf("java's options %q, want -Xmx192m", got)
	}
	if got := Java.Options("javac", box, "17"); !slices.Contains(got, "-J-Xmx128m") {
		t.Errorf("javac's options %q, want -J-Xmx128m", got)
	}
	if got, want := javaRunNote([]byte("java.lang.OutOfMemoryError: Java heap space\n"), box),
		"-Xmx192m (the 256 MiB memory limit less 64 MiB for the JVM's own memory)"; !strings.Contains(got, want) {
		t.Errorf("note %q, want it to say %q", got, want)
	}
	if got, want := javaRunNote([]byte("java.lang.OutOfMemoryError: Java heap space\n"), Box{Memory: 256 << 20}),
		"-Xmx128m (half the 256 MiB memory limit: the rest holds the JVM's own memory)"; !strings.Contains(got, want) {
		t.Errorf("note %q, want it to say %q", got, want)
	}
}

func TestJavaFeature(t *testing.T) {
	for v, want := range map[string]int{"17.0.15": 17, "21": 21, "1.8.0_392": 8, "22-ea": 22, "": 0, "x": 0} {
		if got := JavaFeature(v); got != want {
			t.Errorf("JavaFeature(%q) = %d, want %d", v, got, want)
		}
	}
}

func TestJDKHome(t *testing.T) {
	for in, want := range map[string]string{
		"/opt/jdk-17/bin/java": "/opt/jdk-17",
		"/opt/jdk-17/java":     "",
	} {
		if got := JDKHome(in); got != want {
			t.Errorf("JDKHome(%q) = %q, want %q", in, got, want)
		}
	}
}
