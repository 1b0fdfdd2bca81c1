import static org.junit.jupiter.api.Assertions.*;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GraphTest {
    @Test
    void builderIsFluent() {
        Graph.Builder b = new Graph.Builder();
        assertSame(b, b.edge(1, 2));
        assertSame(b, b.undirected(2, 3));
        Graph g = b.build();
        assertEquals(List.of(2), g.neighbours(1));
        assertEquals(List.of(1, 2, 3), g.shortestPath(1, 3));
        assertEquals(List.of(), g.shortestPath(3, 1));
    }

    @Test
    void edgesAreValues() {
        Graph g = new Graph.Builder().edge(1, 2).edge(2, 3).build();
        Graph.Edge e = g.edges().get(0);
        assertEquals(new Graph.Edge(1, 2), e);
        assertEquals(new Graph.Edge(2, 1), e.reversed());
        assertEquals("1->2", e.toString());
        Set<Graph.Edge> set = new HashSet<>(g.edges());
        assertTrue(set.contains(new Graph.Edge(2, 3)));
        assertFalse(set.contains(new Graph.Edge(3, 2)));
    }

    @Test
    void shortestInAGrid() {
        Graph.Builder b = new Graph.Builder();
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                int v = r * 4 + c;
                if (c < 3) {
                    b.undirected(v, v + 1);
                }
                if (r < 3) {
                    b.undirected(v, v + 4);
                }
            }
        }
        List<Integer> p = b.build().shortestPath(0, 15);
        assertEquals(7, p.size(), "path " + p);
        assertEquals(0, p.get(0));
        assertEquals(15, p.get(6));
    }

    @Test
    void neighboursCannotBeChanged() {
        Graph g = new Graph.Builder().edge(1, 2).build();
        assertThrows(UnsupportedOperationException.class, () -> g.neighbours(1).add(5));
    }
}
