package toolchain

import "strings"

// JavaKeywords are Java's reserved keywords (JLS 21 §3.9, `_` among them)
// and its literals true, false and null (§3.10.3, §3.10.8): words no
// identifier may be. The one list of them: the review's colours and the
// similarity lexer read it.
var JavaKeywords = strings.Fields(`abstract assert boolean break byte case catch char class const
	continue default do double else enum extends final finally float for goto if implements
	import instanceof int interface long native new package private protected public return
	short static strictfp super switch synchronized this throw throws transient try void
	volatile while _ true false null`)

// JavaRestricted are the contextual keywords that may not name a type
// (JLS 21 §3.8, §3.9): var, yield, record, sealed and permits. The other
// contextual keywords (module, open, to, with, when, ...) are names
// everywhere but in a module declaration or a guard.
var JavaRestricted = strings.Fields(`var yield record sealed permits`)
