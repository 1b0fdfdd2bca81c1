import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

// Students' classes that extend the JDK's collections, or implement
// Comparable, tested the way courses test them.
class CollectionsTest {
    private static Playlist mix() {
        Playlist p = new Playlist("mix");
        p.add(new Song("Intro", "Ann", 60));
        p.add(new Song("Rain", "Bob", 200));
        p.add(new Song("Sun", "Ann", 180));
        return p;
    }

    @Test
    void playlistIsAList() {
        Playlist p = mix();
        assertEquals(3, p.size());
        assertFalse(p.isEmpty());
        assertEquals("Rain", p.get(1).title());
        assertEquals(440, p.totalSeconds());
        assertEquals("mix", p.name());
        List<Song> asList = p;
        assertEquals(3, asList.size());
    }

    @Test
    void playlistKeepsEachSongOnce() {
        Playlist p = mix();
        assertFalse(p.add(new Song("Rain", "Bob", 200)));
        assertEquals(3, p.size());
        assertTrue(p.add(new Song("Snow", "Cy", 100)));
        assertEquals(4, p.size());
        p.remove(0);
        assertEquals("Rain", p.get(0).title());
        p.clear();
        assertTrue(p.isEmpty());
    }

    @Test
    void playlistIteratesAndStreams() {
        Playlist p = mix();
        List<String> titles = new ArrayList<>();
        for (Song s : p) {
            titles.add(s.title());
        }
        assertEquals(List.of("Intro", "Rain", "Sun"), titles);
        assertEquals(List.of("Intro", "Sun"), p.stream().filter(s -> s.artist().equals("Ann")).map(Song::title).collect(Collectors.toList()));
        assertEquals(2, p.by("Ann").size());
        Iterator<Song> it = p.iterator();
        assertEquals("Intro", it.next().title());
        assertTrue(p.contains(new Song("Sun", "Ann", 180)));
        assertEquals(1, p.indexOf(new Song("Rain", "Bob", 200)));
    }

    @Test
    void playlistSortsAndCopies() {
        Playlist p = mix();
        p.sort((a, b) -> Integer.compare(a.seconds(), b.seconds()));
        assertEquals("Intro", p.get(0).title());
        assertEquals("Rain", p.get(2).title());
        List<Song> copy = new ArrayList<>(p);
        assertEquals(3, copy.size());
        assertEquals(p.get(1), copy.get(1));
        p.removeIf(s -> s.seconds() < 100);
        assertEquals(2, p.size());
    }

    @Test
    void wordCounterIsAMap() {
        WordCounter w = new WordCounter();
        w.addText("The cat and the hat. The end!");
        assertEquals(3, w.get("the"));
        assertEquals(1, w.get("cat"));
        assertNull(w.get("dog"));
        assertTrue(w.containsKey("hat"));
        assertEquals(5, w.size());
        assertEquals("the", w.mostCommon());
        assertEquals("and", w.firstKey());
        assertEquals(List.of("and", "cat", "end", "hat", "the"), new ArrayList<>(w.keySet()));
        w.put("zebra", 7);
        assertEquals("zebra", w.mostCommon());
        assertEquals(7, w.getOrDefault("zebra", 0));
        int total = 0;
        for (Map.Entry<String, Integer> e : w.entrySet()) {
            total += e.getValue();
        }
        assertEquals(14, total);
    }

    @Test
    void friendsIsAHashMap() {
        Friends f = new Friends();
        f.befriend("ann", "bob");
        f.befriend("ann", "cy");
        assertEquals(Set.of("bob", "cy"), f.get("ann"));
        assertTrue(f.areFriends("bob", "ann"));
        assertFalse(f.areFriends("bob", "cy"));
        assertEquals(3, f.size());
        assertEquals(Set.of("ann", "bob", "cy"), f.keySet());
        Map<String, Set<String>> asMap = f;
        assertTrue(asMap.containsKey("cy"));
        f.remove("cy");
        assertNull(f.get("cy"));
    }

    @Test
    void aPlaylistOfAPlaylist() {
        Favourites fav = new Favourites();
        fav.add(new Song("Long", "Di", 600));
        fav.add(new Song("Long", "Di", 600));
        assertEquals(1, fav.size());
        assertEquals(10, fav.minutes());
        assertEquals("favourites", fav.name());
        Playlist p = fav;
        assertEquals(600, p.totalSeconds());
    }

    @Test
    void versionsSortAsVersions() {
        List<Version> vs = new ArrayList<>(List.of(new Version("1.10.0"), new Version("1.2.3"), new Version("0.9.9")));
        Collections.sort(vs);
        assertEquals("[0.9.9, 1.2.3, 1.10.0]", vs.toString());
        assertTrue(new Version("2.0.0").compareTo(new Version("1.99.99")) > 0);
        assertEquals(new Version("1.2.3"), new Version("1.2.3"));
        TreeSet<Version> set = new TreeSet<>(vs);
        set.add(new Version("1.2.3"));
        assertEquals(3, set.size());
        assertEquals("1.10.0", Collections.max(vs).toString());
    }
}
