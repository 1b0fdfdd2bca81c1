package unittest

import "testing"

// TestPytestOne: a pytest test's command runs it alone: a real command
// line with its node id, never "pytest test test_stats.test_stdev".
func TestPytestOne(t *testing.T) {
	for _, tc := range []struct{ file, id, want string }{
		{"test/test_stats.py", "test_stats.test_stdev", "python3 -m pytest test/test_stats.py::test_stdev"},
		{".autograder/unit/test_stats.py", "test_stats.TestErrors.test_empty_mean", "python3 -m pytest .autograder/unit/test_stats.py::TestErrors::test_empty_mean"},
		{"t/test_p.py", "test_p.test_add[1-2]", "python3 -m pytest 't/test_p.py::test_add[1-2]'"},
		{"t/test_p.py", "test_p.test_s[it's a.b]", `python3 -m pytest 't/test_p.py::test_s[it'\''s a.b]'`},
	} {
		if got := pytestOne("python3", tc.file, tc.id); got != tc.want {
			t.Errorf("pytestOne(%q, %q) = %q, want %q", tc.file, tc.id, got, tc.want)
		}
	}
}
