package toolchain

import (
	"strings"
	"testing"
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
		{512 << 20, true, "17.0.15", "-J-Xmx256m -J" + strings.ReplaceAll(gc+rest+cds, " ", " -J")},
		{8 << 20, false, "21", "-Xmx16m " + gc + rest + " -Xss1m -Xbatch" + cds},
		{0, false, "", "-Xmx256m " + gc + rest + " -Xss16m -Xbatch"},
		{1 << 30, false, "11.0.2", "-Xmx512m " + gc + rest + " -Xss32m -Xbatch"},
		{2 << 30, false, "1.8.0_392", "-Xmx1024m " + gc + rest + " -Xss64m -Xbatch"},
		{8 << 30, false, "17", "-Xmx4096m " + gc + rest + " -Xss64m -Xbatch" + cds},
	} {
		if got := strings.Join(jvmOptions(tc.memory, tc.launcher, tc.version), " "); got != tc.want {
			t.Errorf("jvmOptions(%d, %v, %q):\n got %s\nwant %s", tc.memory, tc.launcher, tc.version, got, tc.want)
		}
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
