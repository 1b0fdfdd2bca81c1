import static org.junit.jupiter.api.Assertions.*;

import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReceiptTest {
    private Receipt r;

    @BeforeEach
    void setUp() {
        r = new Receipt("Fig shop");
        r.add("apple", 120);
        r.add("pear", 95);
    }

    @Test
    void appendsToTheTestsBuilder() {
        StringBuilder sb = new StringBuilder("> ");
        r.appendTo(sb);
        assertEquals("> Fig shop\napple 120\npear 95\n", sb.toString());
    }

    @Test
    void rendersABuilder() {
        StringBuilder sb = r.render();
        sb.append("total 215");
        assertEquals("Fig shop\napple 120\npear 95\ntotal 215", sb.toString());
    }

    @Test
    void logsToABuffer() {
        StringBuffer out = new StringBuffer("log:");
        r.log(out);
        assertEquals("log:[Fig shop]", out.toString());
    }

    @Test
    void underlinesAListOfBuilders() {
        StringBuilder a = new StringBuilder("ab"), b = new StringBuilder("xyz");
        List<StringBuilder> rows = new ArrayList<>(List.of(a, b));
        Receipt.underline(rows);
        assertEquals("ab\n--", a.toString());
        assertEquals("xyz\n---", rows.get(1).toString());
        assertSame(a, rows.get(0));
    }

    @Test
    void shoutsAnArrayOfBuilders() {
        StringBuilder[] rows = {new StringBuilder("hi"), new StringBuilder("yo")};
        StringBuilder first = rows[0];
        Receipt.shout(rows);
        assertEquals("HI", first.toString());
        assertEquals("YO", rows[1].toString());
    }

    @Test
    void framesWithTheTestsDecoration() {
        assertEquals("[Fig shop!!]", r.framed(sb -> sb.append("!!")));
    }

    /** A builder the student's code keeps as an Object is the test's own: the same one back, equal to itself only. */
    @Test
    void keepsTheTestsBuilderAsANote() {
        StringBuilder sb = new StringBuilder("note");
        r.note(sb);
        r.note(sb);
        r.note(new StringBuilder("note"));
        assertSame(sb, r.firstNote());
        assertEquals(2, r.distinctNotes());
    }

    @Test
    void jdkValues() {
        assertEquals(new BigInteger("15511210043330985984000000"), Receipt.factorial(25));
        assertEquals(LocalDate.of(2024, 3, 1), Receipt.due(LocalDate.of(2024, 2, 15), 15));
        assertArrayEquals(new Integer[] {1, 2, 3}, Receipt.boxed(new int[] {1, 2, 3}));
    }
}
