package unittest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader/runner"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/grader/unittest/pybridge"
	"github.com/cs540-tools/autograder/sandbox"
)

// A pytest test box's start cache (the bridge's autograder_start): the
// code objects and regular expressions' programs every start of pytest
// computes alike, recorded once per machine by a training run of the
// grader's own tests (pytestTraining) in a box that holds nothing of an
// instructor's or a student's, kept in the user's cache folder beside
// the JVMs' archives, checked by its digest once per process, and read
// by every test box from a read-only host path. It changes how fast the
// start is, never what it computes: a code object is used only for the
// very source, file name, mode and flags it was compiled from, and a box
// without the cache (none could be made, another interpreter) computes
// all as before.

// pytestTraining is the training run's test file: what an instructor's
// tests commonly use (asserts passing and failing, a class, parametrized
// tests, fixtures, capsys, tmp_path, pytest.raises with a match, marks,
// approx), so that pytest and the report compile what a real run does.
const pytestTraining = `import pytest


@pytest.fixture
def items():
    return {"apple": 3, "pear": 0}


@pytest.mark.points(2)
def test_passes(items):
    assert items["apple"] == 3 and sorted(items) == ["apple", "pear"]


def test_fails(items):
    assert items == {"apple": 4, "pear": 0}, "a message"


def test_fails_text():
    assert "one\ntwo\nthree" == "one\n2\nthree"


@pytest.mark.parametrize("a,b", [(1, 2), ("x", "y")])
def test_parametrized(a, b):
    assert a != b


def test_raises():
    with pytest.raises(ValueError, match=r"bad \w+"):
        int("bad value")


def test_output(capsys, tmp_path):
    print("out")
    (tmp_path / "f.txt").write_text("x")
    assert capsys.readouterr().out == "out\n" and (tmp_path / "f.txt").read_text() == "x"


def test_crashes():
    raise KeyError("k")


def test_approx():
    assert 0.1 + 0.2 == pytest.approx(0.3)


@pytest.mark.skip(reason="skipped")
def test_skipped():
    pass


class TestGroup:
    def test_member(self):
        assert [1, 2] == [1, 2]
`

// pytestStart is the path of the machine's start cache for the
// interpreter py, and the options of run.py that read it; none when it
// cannot be made (no cache folder, a training that fails). spec is the
// training box's (its limits and environment), args the test box's
// pytest options, testPyc the bridge compiled for the test box.
func pytestStart(ctx context.Context, py runner.Tool, spec sandbox.Spec, args []string, testPyc []sandbox.File) (path string, opts []string) {
	path = toolchain.CachedFile(ctx, "pytest-start-"+pytestStartKey(py)+".bin",
		func(ctx context.Context, tmp string) (string, error) {
			return trainPytestStart(ctx, py.Path, spec, args, testPyc, tmp)
		},
		func(ctx context.Context, p string) error { return checkPytestStart(p) })
	if path == "" {
		return "", nil
	}
	return path, []string{"--start", path}
}

// pytestStartKey is a digest of what a start cache depends on: the
// interpreter (its path, version, size and time), the bridge's test box
// and the training.
func pytestStartKey(py runner.Tool) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", py.Path, py.Version)
	stamp(h, py.Path)
	for _, f := range pybridge.TestFiles(bridgeDir) {
		fmt.Fprintf(h, "%s %d\n", f.Name, len(f.Data))
		h.Write(f.Data)
	}
	h.Write([]byte(pytestTraining))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// trainPytestStart runs the training in a box with the test box's
// options (args) and writes the cache it records in tmp: its digest,
// then what the box wrote.
func trainPytestStart(ctx context.Context, python string, spec sandbox.Spec, args []string, testPyc []sandbox.File, tmp string) (string, error) {
	rec := bridgeDir + "/start.bin"
	spec.Path = python
	spec.Args = append([]string{"-I", "-B", bridgeDir + "/run.py", "--record-start", rec, "--collect", "", box}, args...)
	spec.Args = append(spec.Args, box+"/test_training.py")
	spec.Files = append(append(pybridge.TestFiles(bridgeDir), testPyc...),
		sandbox.File{Name: box + "/test_training.py", Data: []byte(pytestTraining)},
		sandbox.File{Name: box + "/pytest.ini", Data: []byte(pytestIni)})
	spec.Collect = []string{rec}
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return "", err
	}
	// The training has failing tests: its exit status says so.
	if res.Signal != "" || res.Limit != sandbox.None || len(res.Files) != 1 || len(res.Files[0].Data) == 0 {
		return "", fmt.Errorf("pytest's start cache: the training wrote nothing (exit %d%s)\n%s", res.ExitCode, res.Signal, res.Stderr)
	}
	sum := sha256.Sum256(res.Files[0].Data)
	p := filepath.Join(tmp, "start.bin")
	return p, os.WriteFile(p, append(sum[:], res.Files[0].Data...), 0o644)
}

// checkPytestStart passes a start cache whose digest matches its
// content: a test box trusts what it reads.
func checkPytestStart(p string) error {
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	if len(data) <= sha256.Size {
		return errors.New("pytest's start cache: too short")
	}
	if sum := sha256.Sum256(data[sha256.Size:]); !bytes.Equal(sum[:], data[:sha256.Size]) {
		return errors.New("pytest's start cache: its digest does not match")
	}
	return nil
}
