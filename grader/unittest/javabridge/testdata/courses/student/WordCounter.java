import java.util.Map;
import java.util.TreeMap;

/** Counts the words of texts, in alphabetical order. */
public class WordCounter extends TreeMap<String, Integer> {
    public void addText(String text) {
        for (String w : text.toLowerCase().split("[^a-z']+")) {
            if (!w.isEmpty()) {
                merge(w, 1, Integer::sum);
            }
        }
    }

    public String mostCommon() {
        String best = null;
        for (Map.Entry<String, Integer> e : entrySet()) {
            if (best == null || e.getValue() > get(best)) {
                best = e.getKey();
            }
        }
        return best;
    }
}
