package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/cli"
	"github.com/cs540-tools/autograder/grader/compare"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// TestSlurmScript checks the job script `autograder slurm` writes against
// testdata/slurm.golden (go test -run TestSlurmScript -update rewrites
// it), with the repository's and the test's folders written $REPO and
// $TMP, and that bash can parse it.
func TestSlurmScript(t *testing.T) {
	repo, _ := paths(t)
	repo, err := filepath.Abs(repo)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	late := filepath.Join(tmp, "late.csv")
	if err := os.WriteFile(late, []byte("alice,2025-03-05T10:00:00-06:00\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := cli.Main(context.Background(), []string{"autograder", "slurm",
		"--shards", "4", "--jobs", "3", "--out", filepath.Join(tmp, "out"), "--rubric", filepath.Join(repo, "rubric.toml"),
		"--autograder", "/opt/autograder/bin/autograder", "--partition", "grading", "--time", "2:00:00",
		"--mode", "warm", "--timestamp", "--late-csv", late, "--late-days-default", "0", "--canvas-assignment-id", "12345",
		filepath.Join(repo, "examples"), filepath.Join(repo, "examples", "bob.zip")}, nil, &stdout, &stderr)
	if code != 0 || stderr.Len() > 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	script := filepath.Join(tmp, "job.sh")
	if err := os.WriteFile(script, stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Errorf("bash -n: %v\n%s", err, out)
	}
	got := strings.ReplaceAll(strings.ReplaceAll(stdout.String(), tmp, "$TMP"), repo, "$REPO")
	golden := filepath.Join("testdata", "slurm.golden")
	if testenv.Update() {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the script differs from %s (-update rewrites it):\n%s", golden, compare.Explain(want, []byte(got), compare.Strict).Diff)
	}
}

// TestSlurm is the cluster acceptance test: it starts a one-node Slurm
// cluster on this machine (munged, slurmctld and slurmd from Debian's
// slurm-wlm and munge, on localhost, with their own key, socket, ports,
// configuration and state in a temporary folder), submits the script of
// `autograder slurm --shards 3` for the example batch, waits for the
// array job and the finishing job, and checks that every file under --out
// is byte for byte what one `grade` on one machine writes, that each shard
// graded its own submissions and no other, and that the finishing job
// regraded none. Everything it started is stopped, and its folder removed,
// whether it passes or not.
//
// It needs root (slurmd runs the jobs as their user, and the sandbox's full
// tier) and a JDK; it skips without them, or without Slurm, except under
// CI=true, where .ci/run installs them.
func TestSlurm(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster and grades the example batch twice")
	}
	for _, tool := range []string{"slurmctld", "slurmd", "munged", "mungekey", "sbatch", "scontrol", "scancel", "java", "javac"} {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, "%s not on PATH: the test needs Slurm and munge (Debian: apt-get install slurm-wlm munge) and a JDK", tool)
		}
	}
	if os.Geteuid() != 0 {
		testenv.Missing(t, "not root: the test's slurmd runs jobs as root")
	}
	t.Parallel()
	bin, err := exec.LookPath("autograder") // the test binary, put on PATH by testscript.Main
	if err != nil {
		t.Fatal(err)
	}
	repo, _ := paths(t)
	rubric, examples := filepath.Join(repo, "rubric.toml"), filepath.Join(repo, "examples")
	ids := []string{"alice", "bob", "carol", "dave", "erin", "frank"}
	cl := startSlurm(t)

	one := filepath.Join(cl.dir, "one")
	if out, err := exec.Command(bin, "grade", "--rubric", rubric, "--jobs", "1", "--out", one, examples).CombinedOutput(); err != nil {
		t.Fatalf("grading on one machine: %v\n%s", err, out)
	}

	sharded := filepath.Join(cl.dir, "sharded")
	shareSecret(t, one, sharded)
	script, err := exec.Command(bin, "slurm", "--shards", "3", "--jobs", "1", "--rubric", rubric, "--out", sharded, "--autograder", bin, examples).Output()
	if err != nil {
		t.Fatalf("autograder slurm: %v", err)
	}
	submit := filepath.Join(cl.dir, "submit")
	if err := os.Mkdir(submit, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(submit, "grade.sh"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := cl.command("bash", "grade.sh").dir(submit).CombinedOutput()
	if err != nil {
		t.Fatalf("bash grade.sh: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`submitted array job (\d+) \(3 shard tasks\) and job (\d+),`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("bash grade.sh said:\n%s", out)
	}
	array, finish := string(m[1]), string(m[2])
	t.Logf("array job %s, finishing job %s", array, finish)

	logs := func() string {
		var b strings.Builder
		files, _ := filepath.Glob(filepath.Join(submit, "autograder-*.log"))
		files = append(files, filepath.Join(cl.dir, "log", "slurmctld.log"), filepath.Join(cl.dir, "log", "slurmd.log"))
		for _, f := range files {
			data, _ := os.ReadFile(f)
			if len(data) > 4000 {
				data = data[len(data)-4000:]
			}
			fmt.Fprintf(&b, "--- %s\n%s", f, data)
		}
		return b.String()
	}
	// A loaded machine may take its time; a hang ends the wait.
	states := cl.waitJob(t, finish, 20*time.Minute)
	if !slices.Equal(states, []string{"COMPLETED"}) {
		t.Fatalf("the finishing job ended %v; job states: %v\n%s", states, cl.waitJob(t, array, time.Minute), logs())
	}
	if states := cl.waitJob(t, array, time.Minute); !slices.Equal(states, []string{"COMPLETED", "COMPLETED", "COMPLETED"}) {
		t.Fatalf("the array job's tasks ended %v\n%s", states, logs())
	}

	// Each shard graded its own submissions, together all, and the
	// finishing job none.
	seen := map[string]int{}
	for k := 1; k <= 3; k++ {
		data, err := os.ReadFile(filepath.Join(submit, fmt.Sprintf("autograder-shard-%s_%d.log", array, k)))
		if err != nil {
			t.Fatal(err)
		}
		lines := progressLines(string(data))
		if len(lines["graded"]) == 0 || len(lines["done before, not regraded"]) != 0 {
			t.Errorf("shard %d/3 graded %d and took %d from the cache, want its own, all graded:\n%s", k, len(lines["graded"]), len(lines["done before, not regraded"]), data)
		}
		for id := range lines["graded"] {
			seen[id]++
		}
	}
	for _, id := range ids {
		if seen[id] != 1 {
			t.Errorf("%s was graded by %d shards, want 1", id, seen[id])
		}
	}
	data, err := os.ReadFile(filepath.Join(submit, "autograder-finish-"+finish+".log"))
	if err != nil {
		t.Fatal(err)
	}
	if lines := progressLines(string(data)); len(lines["done before, not regraded"]) != len(ids) || len(lines["graded"]) != 0 {
		t.Errorf("the finishing job regraded submissions:\n%s", data)
	}

	want, got := outFiles(t, one, ids), outFiles(t, sharded, ids)
	for name, data := range want {
		if !bytes.Equal(got[name], data) {
			t.Errorf("%s differs between the run on one machine and the run on Slurm", name)
		}
	}
}

// slurmCluster is a one-node Slurm cluster of the test's own.
type slurmCluster struct {
	dir  string   // everything of the cluster's, and the test's files
	conf string   // slurm.conf
	env  []string // the environment of its commands: SLURM_CONF
}

type clusterCmd struct{ *exec.Cmd }

func (c clusterCmd) dir(d string) clusterCmd { c.Dir = d; return c }

// command is a Slurm client command (or any) that talks to the cluster.
func (cl *slurmCluster) command(name string, args ...string) clusterCmd {
	cmd := exec.Command(name, args...)
	cmd.Env = cl.env
	cmd.Dir = cl.dir
	return clusterCmd{cmd}
}

// startSlurm starts munged, slurmctld and slurmd and waits until the node
// is idle. Cleanups cancel every job, stop the daemons and remove the
// folder, in that order.
func startSlurm(t *testing.T) *slurmCluster {
	// Not t.TempDir: munged wants its socket's folders open to all.
	dir, err := os.MkdirTemp("", "autograder-slurm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := os.RemoveAll(dir); err != nil {
			t.Errorf("removing the cluster's folder: %v", err)
		}
	})
	for _, d := range []string{"", "munge", "state", "spool", "log"} {
		p := filepath.Join(dir, d)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cl := &slurmCluster{dir: dir, conf: filepath.Join(dir, "slurm.conf")}
	cl.env = append(os.Environ(), "SLURM_CONF="+cl.conf)

	munge := filepath.Join(dir, "munge")
	key, sock := filepath.Join(munge, "munge.key"), filepath.Join(munge, "munge.socket")
	if out, err := exec.Command("mungekey", "--create", "--keyfile", key).CombinedOutput(); err != nil {
		t.Fatalf("mungekey: %v\n%s", err, out)
	}
	cl.daemon(t, "munged", "munged", "--foreground", "--socket", sock, "--key-file", key,
		"--log-file", filepath.Join(munge, "munged.log"), "--pid-file", filepath.Join(munge, "munged.pid"),
		"--seed-file", filepath.Join(munge, "munged.seed"))
	waitFor(t, time.Minute, "munged's socket", func() bool { _, err := os.Stat(sock); return err == nil })

	node, err := exec.Command("slurmd", "-C").Output()
	if err != nil {
		t.Fatalf("slurmd -C: %v", err)
	}
	nodeLine, _, _ := strings.Cut(string(node), "\n")
	if !strings.HasPrefix(nodeLine, "NodeName=") {
		t.Fatalf("slurmd -C said %q", node)
	}
	_, hw, _ := strings.Cut(nodeLine, " ")
	if err := os.WriteFile(cl.conf, []byte(slurmConf(dir, sock, freePort(t), freePort(t), hw)), 0o644); err != nil {
		t.Fatal(err)
	}
	cl.daemon(t, "slurmctld", "slurmctld", "-D", "-i", "-f", cl.conf)
	cl.daemon(t, "slurmd", "slurmd", "-D", "-N", "localhost", "-f", cl.conf)
	t.Cleanup(func() { cl.cancelAll(t) })
	waitFor(t, 2*time.Minute, "the node to be idle", func() bool {
		out, err := cl.command("scontrol", "show", "node", "localhost").Output()
		return err == nil && regexp.MustCompile(`State=IDLE\b`).Match(out)
	})
	return cl
}

// slurmConf is the cluster's configuration: no accounting, no cgroups
// (processes tracked by their parents, no task containment), everything
// in dir, on the given ports, the node as `slurmd -C` describes it (hw).
func slurmConf(dir, sock string, ctldPort, dPort int, hw string) string {
	return fmt.Sprintf(`ClusterName=autograder-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=%d
SlurmdPort=%d
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%s
SlurmUser=root
SlurmdUser=root
StateSaveLocation=%[4]s/state
SlurmdSpoolDir=%[4]s/spool
SlurmctldPidFile=%[4]s/slurmctld.pid
SlurmdPidFile=%[4]s/slurmd.pid
SlurmctldLogFile=%[4]s/log/slurmctld.log
SlurmdLogFile=%[4]s/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
MinJobAge=3600
NodeName=localhost NodeAddr=127.0.0.1 %s State=UNKNOWN
PartitionName=grading Nodes=localhost Default=YES MaxTime=INFINITE State=UP
`, ctldPort, dPort, sock, dir, hw)
}

// daemon starts a daemon in the foreground, its output in log/NAME.out,
// and stops it at cleanup: SIGTERM, then SIGKILL if it has not exited in
// a minute.
func (cl *slurmCluster) daemon(t *testing.T, name string, args ...string) {
	logf, err := os.Create(filepath.Join(cl.dir, "log", name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = cl.env
	cmd.Dir = cl.dir
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf.Close()
		t.Fatalf("starting %s: %v", name, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); logf.Close(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			<-exited
		}
	})
	// A daemon that dies at once (a bad configuration) says why.
	select {
	case <-exited:
		data, _ := os.ReadFile(logf.Name())
		t.Fatalf("%s exited at once:\n%s", name, data)
	case <-time.After(500 * time.Millisecond):
	}
}

// cancelAll cancels every job left and waits until none runs, so that
// slurmd stops with no job step of the test's left behind.
func (cl *slurmCluster) cancelAll(t *testing.T) {
	if out, err := cl.command("scancel", "--full", "--user=root").CombinedOutput(); err != nil {
		t.Logf("scancel: %v\n%s", err, out)
	}
	ok := waitUntil(2*time.Minute, func() bool {
		out, err := cl.command("scontrol", "--oneliner", "show", "jobs").Output()
		return err == nil && !regexp.MustCompile(`JobState=(RUNNING|COMPLETING|CONFIGURING|PENDING|SUSPENDED)\b`).Match(out)
	})
	if !ok {
		t.Errorf("jobs still running two minutes after scancel")
	}
}

// waitJob waits until every job of id (an array job's every task) has
// ended, or the timeout, and returns their states (sorted).
func (cl *slurmCluster) waitJob(t *testing.T, id string, timeout time.Duration) []string {
	t.Helper()
	re := regexp.MustCompile(`JobState=(\S+)`)
	var states []string
	waitUntil(timeout, func() bool {
		out, err := cl.command("scontrol", "--oneliner", "show", "job", id).Output()
		if err != nil {
			return false
		}
		states = states[:0]
		for _, m := range re.FindAllSubmatch(out, -1) {
			states = append(states, string(m[1]))
		}
		for _, s := range states {
			switch s {
			case "PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING":
				return false
			}
		}
		return len(states) > 0
	})
	slices.Sort(states)
	return states
}

// waitFor waits until cond holds, or fails the test after timeout.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	if !waitUntil(timeout, cond) {
		t.Fatalf("waited %v for %s", timeout, what)
	}
}

// waitUntil polls cond every half second until it holds (true) or timeout
// passes (false).
func waitUntil(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// freePort returns a TCP port on localhost that nothing listens on now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
