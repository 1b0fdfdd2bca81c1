package similarity

import "testing"

// TestDisplayID: IDs that look alike never show alike, and plain ones
// show as they are.
func TestDisplayID(t *testing.T) {
	for _, tt := range []struct {
		id, shown string
		flagged   bool
	}{
		{"alice", "alice", false},
		{"smithjohn_1234", "smithjohn_1234", false},
		{"josé", "josé", false},
		{"Дмитрий", "Дмитрий", false},
		{"\u0430lice", `\u0430lice`, true},       // Cyrillic а
		{"alice\u202e", `alice\u202E`, true},     // right-to-left override
		{"al\u200bice", `al\u200Bice`, true},     // zero-width space
		{"al\x1b[2Jice", `al\u001B[2Jice`, true}, // a terminal's escape
		{"bob\u00a0", `bob\u00A0`, true},         // no-break space
		{"\xffbob", `\uFFFDbob`, true},           // not UTF-8
	} {
		shown, flagged := displayID(tt.id)
		if shown != tt.shown || flagged != tt.flagged {
			t.Errorf("displayID(%q) = %q, %v; want %q, %v", tt.id, shown, flagged, tt.shown, tt.flagged)
		}
	}
}
