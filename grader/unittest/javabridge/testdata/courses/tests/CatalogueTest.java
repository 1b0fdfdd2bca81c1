import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CatalogueTest {
    private Catalogue c;
    private Book sicp, taocp, k_r;

    @BeforeEach
    void setUp() {
        sicp = new Book("0262510871", "SICP", List.of("Abelson", "Sussman"), 1985, 55.0);
        taocp = new Book("0201896834", "TAOCP 1", List.of("Knuth"), 1968, 80.5);
        k_r = new Book("0131103628", "The C Programming Language", List.of("Kernighan", "Ritchie"), 1978, 45.25);
        assertSame(c = new Catalogue(), c.add(sicp).add(taocp).add(k_r));
    }

    @Test
    void recordsAreValues() {
        Book again = new Book("0262510871", "SICP", List.of("Abelson", "Sussman"), 1985, 55.0);
        assertEquals(sicp, again);
        assertEquals(sicp.hashCode(), again.hashCode());
        assertNotSame(sicp, again);
        assertEquals("SICP", sicp.title());
        assertEquals(List.of("Abelson", "Sussman"), sicp.authors());
        assertTrue(sicp.toString().startsWith("Book[isbn=0262510871, title=SICP"));
    }

    @Test
    void optionalLookup() {
        assertEquals(Optional.of(taocp), c.byIsbn("0201896834"));
        assertSame(taocp, c.byIsbn("0201896834").orElseThrow());
        assertTrue(c.byIsbn("nope").isEmpty());
        assertEquals("missing", c.byIsbn("nope").map(Book::title).orElse("missing"));
    }

    @Test
    void streamsOfTheStudentsBooks() {
        List<String> old = c.stream().filter(b -> b.year() < 1980).map(Book::title).sorted().collect(Collectors.toList());
        assertEquals(List.of("TAOCP 1", "The C Programming Language"), old);
        assertEquals(180.75, c.stream().mapToDouble(Book::price).sum(), 1e-9);
        assertEquals(3, c.stream().count());
    }

    @Test
    void groupedByYear() {
        Map<Integer, List<String>> m = c.titlesByYear();
        assertEquals(List.of(1968, 1978, 1985), List.copyOf(m.keySet()));
        assertEquals(List.of("SICP"), m.get(1985));
    }

    @Test
    void averagesAndMaxima() {
        OptionalDouble avg = c.averagePrice("Knuth");
        assertEquals(80.5, avg.getAsDouble(), 1e-12);
        assertFalse(c.averagePrice("Nobody").isPresent());
        assertSame(sicp, c.maxBy(Book::year).get());
        assertSame(taocp, c.maxBy(Book::price).get());
    }

    @Test
    void forEachOverTheCatalogue() {
        int pages = 0;
        for (Book b : c) {
            pages += b.authors().size();
        }
        assertEquals(5, pages);
    }

    @Test
    void invalidBook() {
        assertThrows(IllegalArgumentException.class, () -> new Book(" ", "x", List.of(), 2000, 1));
    }
}
