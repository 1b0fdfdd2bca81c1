package unittest

import "testing"

// TestReportID: a JUnit test class in a named package is selected and
// reported as shop.CartTest, and its case (CartTest.totals) is matched
// with the report's shop.CartTest.totals; a package statement in a
// comment is none, and pytest's IDs are left as they are.
func TestReportID(t *testing.T) {
	for _, tc := range []struct {
		fw         *framework
		name, data string
		id, want   string
	}{
		{junit, "CartTest.java", "package shop;\n\nclass CartTest {}\n", "CartTest.totals", "shop.CartTest.totals"},
		{junit, "CartTest.java", "/* the course */ package a.b ;\nclass CartTest {}\n", "CartTest$Inner.x", "a.b.CartTest$Inner.x"},
		{junit, "CartTest.java", "// package shop;\nclass CartTest {}\n", "CartTest.totals", "CartTest.totals"},
		{pytest, "test_cart.py", "package = 1\n", "test_cart.test_total", "test_cart.test_total"},
	} {
		j := &Judge{fw: tc.fw, sources: []source{{name: tc.name, data: []byte(tc.data)}}}
		if got := j.reportID(planned{id: tc.id, file: tc.name}); got != tc.want {
			t.Errorf("%s in %q: %s, want %s", tc.id, tc.data, got, tc.want)
		}
	}
}
