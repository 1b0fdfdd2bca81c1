import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A directed graph of numbered vertices, built with its Builder. */
public class Graph {
    /** One edge. */
    public static final class Edge {
        private final int from, to;

        public Edge(int from, int to) {
            this.from = from;
            this.to = to;
        }

        public int from() {
            return from;
        }

        public int to() {
            return to;
        }

        public Edge reversed() {
            return new Edge(to, from);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Edge && ((Edge) o).from == from && ((Edge) o).to == to;
        }

        @Override
        public int hashCode() {
            return 31 * from + to;
        }

        @Override
        public String toString() {
            return from + "->" + to;
        }
    }

    /** Collects edges, then builds the graph. */
    public static class Builder {
        private final List<Edge> edges = new ArrayList<>();

        public Builder edge(int from, int to) {
            edges.add(new Edge(from, to));
            return this;
        }

        public Builder undirected(int a, int b) {
            return edge(a, b).edge(b, a);
        }

        public Graph build() {
            return new Graph(edges);
        }
    }

    private final Map<Integer, List<Integer>> adj = new TreeMap<>();
    private final List<Edge> edges;

    private Graph(List<Edge> edges) {
        this.edges = List.copyOf(edges);
        for (Edge e : edges) {
            adj.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e.to());
            adj.computeIfAbsent(e.to(), k -> new ArrayList<>());
        }
    }

    public List<Edge> edges() {
        return edges;
    }

    public List<Integer> neighbours(int v) {
        return Collections.unmodifiableList(adj.getOrDefault(v, List.of()));
    }

    /** The vertices on a shortest path from a to b, both included; empty when there is none. */
    public List<Integer> shortestPath(int a, int b) {
        Map<Integer, Integer> prev = new HashMap<>();
        Deque<Integer> queue = new ArrayDeque<>(List.of(a));
        prev.put(a, a);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            if (v == b) {
                List<Integer> path = new ArrayList<>();
                for (int x = b; x != a; x = prev.get(x)) {
                    path.add(x);
                }
                path.add(a);
                Collections.reverse(path);
                return path;
            }
            for (int w : neighbours(v)) {
                if (!prev.containsKey(w)) {
                    prev.put(w, v);
                    queue.add(w);
                }
            }
        }
        return List.of();
    }
}
