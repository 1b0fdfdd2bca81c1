package unittest

import (
	"reflect"
	"strings"
	"testing"
)

// TestScanJavaDisabled: @Disabled on a test or a class around it (with
// its reason) disables the test; JUnit's conditional annotations
// (@DisabledOnOs, @EnabledIf, ...) are decided when the test runs and
// disable nothing here, nor does "@Disabled" in a comment or a string.
func TestScanJavaDisabled(t *testing.T) {
	src := `import org.junit.jupiter.api.*;
class CalcTest {
    @Test void adds() {}
    @Disabled("bonus part not assigned this term")
    @Test
    void bonus() {}
    @Test @org.junit.jupiter.api.Disabled void off() {}
    @Test @DisabledOnOs(OS.WINDOWS) void onOs() {}
    @Test @DisplayName("@Disabled") void named() {}
    // @Disabled
    @Test void commented() {}
    @Nested @Disabled("later")
    class Later {
        @Test void deep() {}
        @Nested class Deeper { @Test void deeper() {} }
    }
    @Nested class Now { @Test void now() {} }
    @Test void after() {}
}`
	got := scanJava("CalcTest.java", []byte(src))
	want := []declared{{id: "CalcTest.adds"}, {id: "CalcTest.bonus", disabled: `@Disabled("bonus part not assigned this term")`},
		{id: "CalcTest.off", disabled: "@org.junit.jupiter.api.Disabled"}, {id: "CalcTest.onOs"}, {id: "CalcTest.named"},
		{id: "CalcTest.commented"}, {id: "CalcTest$Later.deep", disabled: `@Disabled("later")`},
		{id: "CalcTest$Later$Deeper.deeper", disabled: `@Disabled("later")`}, {id: "CalcTest$Now.now"}, {id: "CalcTest.after"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	whole := scanJava("OffTest.java", []byte("@Disabled\npublic class OffTest {\n  @Test void a() {}\n  @Test void b() {}\n}\n"))
	for _, d := range whole {
		if d.disabled != "@Disabled" {
			t.Errorf("a test of a disabled class: %+v", d)
		}
	}
	if len(whole) != 2 {
		t.Errorf("a disabled class declares %+v", whole)
	}
}

// TestScanPythonDisabled: @pytest.mark.skip on a test or its class, or a
// module's pytestmark, disables the test (its reason kept, a decorator
// over several lines too); skipif is decided when the test runs, with
// the student's code reachable, and disables nothing here.
func TestScanPythonDisabled(t *testing.T) {
	src := `import sys
import pytest
from pytest import mark

def test_a():
    pass

@pytest.mark.skip(reason="bonus not assigned this term")
def test_bonus():
    pass

@pytest.mark.skipif(sys.version_info < (3, 6), reason="needs 3.6")
def test_if():
    pass

@mark.skip
@pytest.mark.points(2)
def test_bare():
    pass

@pytest.mark.skip(
    reason="two lines",
)
def test_long():
    pass

@pytest.mark.skip(reason="later")
class TestLater:
    def test_x(self):
        pass

class TestNow:
    def test_y(self):
        pass

def test_after():
    pass
`
	got := scanPython("test_m.py", []byte(src))
	want := []declared{{id: "test_m.test_a"}, {id: "test_m.test_bonus", disabled: `@pytest.mark.skip(reason="bonus not assigned this term")`},
		{id: "test_m.test_if"}, {id: "test_m.test_bare", points: 2, disabled: "@mark.skip"},
		{id: "test_m.test_long", disabled: `@pytest.mark.skip( reason="two lines", )`},
		{id: "test_m.TestLater.test_x", disabled: `@pytest.mark.skip(reason="later")`}, {id: "test_m.TestNow.test_y"}, {id: "test_m.test_after"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	mod := scanPython("test_n.py", []byte("import pytest\n\ndef test_a():\n    pass\n\npytestmark = pytest.mark.skip(reason=\"off\")\n"))
	if len(mod) != 1 || !strings.HasPrefix(mod[0].disabled, "pytestmark = pytest.mark.skip") {
		t.Errorf("a module's pytestmark: %+v", mod)
	}
}
