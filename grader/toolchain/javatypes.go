package toolchain

// JavaType is a type a Java source declares at its top level.
type JavaType struct {
	Kind   string // "class", "interface", "enum", "record" or "@interface"
	Name   string
	Public bool
}

// JavaTypes lists the top-level types a Java source declares, in order,
// reading it as JavaPackage does: comments and literals skipped, so a
// class in a comment is none, and types nested in another's body left
// out. javac puts each in a class file named after it; one that is public
// must be in a file of its name. A source that does not parse gives what
// could be read of it.
func JavaTypes(src []byte) []JavaType {
	s := newJavaScanner(src)
	var out []JavaType
	depth, parens := 0, 0 // braces and parentheses open
	public := false       // a public modifier before the next declaration
	var prev javaToken
	for t := s.next(); t.text != ""; prev, t = t, s.next() {
		switch t.text {
		case "{":
			depth++
			public = false
		case "}":
			depth = max(depth-1, 0)
			public = false
		case "(":
			parens++
		case ")":
			parens = max(parens-1, 0)
		case ";":
			public = false
		}
		if depth > 0 || parens > 0 || !t.word {
			continue
		}
		switch t.text {
		case "public":
			public = true
			continue
		case "class", "interface", "enum", "record":
		default:
			continue
		}
		if prev.text == "." { // String.class in an annotation
			continue
		}
		mark := s.i
		name := s.next()
		if !name.ident() || isJavaKeyword(name.text) {
			s.i = mark
			continue
		}
		kind := t.text
		switch {
		case kind == "interface" && prev.text == "@":
			kind = "@interface"
		case kind == "record":
			// A contextual keyword: a record's name is followed by its
			// header or type parameters.
			after := s.i
			if n := s.next(); n.text != "(" && n.text != "<" {
				s.i = mark
				continue
			}
			s.i = after
		}
		out = append(out, JavaType{Kind: kind, Name: name.text, Public: public})
		public = false
		t = name
	}
	return out
}

// JavaBlank reports whether a Java source holds nothing but white space
// and comments.
func JavaBlank(src []byte) bool {
	s := newJavaScanner(src)
	return s.next().text == ""
}

// isJavaKeyword reports whether a word is one of the keywords that can
// follow "class" or "interface" where no name does (class { in an
// anonymous class is a brace, not a word).
func isJavaKeyword(w string) bool {
	switch w {
	case "class", "interface", "enum", "extends", "implements", "permits", "public", "static", "final", "abstract":
		return true
	}
	return false
}

// JavaMainClass returns the name of the class of a Java source that
// declares "public static void main", or "" when none does: the innermost
// class (or record, enum, interface) whose body holds the method (a
// record declared and closed before main, inside the class, is not it),
// read as JavaTypes reads: comments and literals skipped.
func JavaMainClass(src []byte) string {
	s := newJavaScanner(src)
	var open []string // per open brace, the type whose body it opens, or ""
	pending := ""     // a type declared, its body not yet open
	var prev javaToken
	var mods []string // the words since the last declaration's start
	for t := s.next(); t.text != ""; prev, t = t, s.next() {
		switch {
		case t.text == "{":
			open, pending, mods = append(open, pending), "", nil
		case t.text == "}":
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
			pending, mods = "", nil
		case t.text == ";":
			pending, mods = "", nil
		case t.word && isTypeKeyword(t.text) && prev.text != ".":
			mark := s.i
			if name := s.next(); name.ident() && !isJavaKeyword(name.text) {
				pending = name.text
				t = name
			} else {
				s.i = mark
			}
			mods = nil
		case t.text == "main" && isMainHead(mods) && s.peek() == "(":
			for i := len(open) - 1; i >= 0; i-- {
				if open[i] != "" {
					return open[i]
				}
			}
			return ""
		case t.word:
			mods = append(mods, t.text)
		default:
			mods = nil
		}
	}
	return ""
}

func isTypeKeyword(w string) bool {
	return w == "class" || w == "record" || w == "enum" || w == "interface"
}

// isMainHead reports whether the words before "main" make it the entry
// point: public and static (either order), perhaps final, then void.
func isMainHead(words []string) bool {
	n := len(words)
	if n < 3 || words[n-1] != "void" {
		return false
	}
	head := words[n-3 : n-1]
	if words[n-2] == "final" {
		if n < 4 {
			return false
		}
		head = words[n-4 : n-2]
	}
	return head[0] == "public" && head[1] == "static" || head[0] == "static" && head[1] == "public"
}

// peek returns the next token's text without reading it.
func (s *javaScanner) peek() string {
	mark := s.i
	t := s.next()
	s.i = mark
	return t.text
}
