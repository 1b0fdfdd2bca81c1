import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class TeamTest {
    @Test
    void membersKnowTheirTeam() {
        Team t = new Team("Blue", "Ann", "Bob");
        assertEquals("Blue", t.name);
        assertEquals("Ann", t.lead.name);
        assertEquals("Bob", t.second.name);
        assertSame(t, t.lead.team);
        assertSame(t, t.second.team);
        assertSame(t.lead, t.lead.team.lead);
    }
}
