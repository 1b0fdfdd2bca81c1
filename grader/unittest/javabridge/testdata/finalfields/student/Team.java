/** Two members who each know their team: a cycle of final fields. */
public class Team {
    public final String name;
    public final Member lead;
    public final Member second;

    public Team(String name, String lead, String second) {
        this.name = name;
        this.lead = new Member(lead, this);
        this.second = new Member(second, this);
    }

    /** A member of a team. */
    public static class Member {
        public final String name;
        public final Team team;

        Member(String name, Team team) {
            this.name = name;
            this.team = team;
        }
    }
}
