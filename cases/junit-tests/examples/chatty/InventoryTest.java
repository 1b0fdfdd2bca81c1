import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.FileOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class InventoryTest {
    @Test
    void printsALot() {
        Inventory inv = new Inventory();
        inv.add("apple", 2);
        String line = "x".repeat(99);
        for (int i = 0; i < 20000; i++) {
            System.out.println(line);
        }
        assertEquals(2, inv.total());
    }

    @Test
    void writesAGigabyte() throws IOException {
        byte[] block = new byte[1 << 20];
        try (FileOutputStream out = new FileOutputStream("big.bin")) {
            for (int i = 0; i < 1024; i++) {
                out.write(block);
            }
        }
        assertEquals(0, new Inventory().total());
    }
}
