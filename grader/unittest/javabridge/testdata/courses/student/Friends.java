import java.util.HashMap;
import java.util.Set;
import java.util.TreeSet;

/** Who is friends with whom: each name's friends. */
public class Friends extends HashMap<String, Set<String>> {
    public void befriend(String a, String b) {
        computeIfAbsent(a, k -> new TreeSet<>()).add(b);
        computeIfAbsent(b, k -> new TreeSet<>()).add(a);
    }

    public boolean areFriends(String a, String b) {
        return getOrDefault(a, Set.of()).contains(b);
    }
}
