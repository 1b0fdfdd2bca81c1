// Package web is autograder review's page: a server on the loopback
// address that shows a graded batch to its TAs (the submissions' files,
// coloured, with line numbers; their autograded evidence; the manual
// rubric; failure groups; each part graded by hand across the class;
// what is still to grade) and journals what they grade by hand (package
// review). The page is driven by keys as well as clicks, and changes in
// place: an action is a JSON POST, a move to another submission a fetch
// of its page whose content is swapped in (the history API keeps the
// back button).
//
// Every byte a student controls reaches the page through html/template
// (file names, ids, contents; control characters made visible first), and
// nothing from outside the server is loaded. The server answers only on
// 127.0.0.1 and only to a Host header naming it (127.0.0.1:PORT or
// localhost:PORT: a DNS-rebound name is refused), only under a link's
// random token, and takes an action only as JSON with the session's CSRF
// token in a header and, when the browser sends one, an Origin of its own;
// a request body is bounded. Its pages forbid inline script but the one
// carrying the response's nonce (Content-Security-Policy), and the
// autograded evidence (index.html's view of one submission) runs only
// its own script, allowed by hash.
//
// Its files stand in layers, each using only lower ones: routes.go (the
// requests, routed); pages.go; actions.go; progress.go (what is left to
// grade); server.go (the server, its links and state); batch.go (the
// submissions as the page holds them); config.go and highlight.go.
package web
