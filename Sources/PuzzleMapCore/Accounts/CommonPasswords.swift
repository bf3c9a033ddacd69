/// The commonest passwords of ten characters or more, from published breach statistics
/// (shorter ones already fail the length rule). Compared in lower case.
enum CommonPasswords {
    static let list: Set<String> = [
        "1234567890", "0123456789", "0987654321", "1234567891", "12345678910", "123456789a", "a123456789",
        "qwertyuiop", "qwertyuiop1", "qwerty1234", "qwerty12345", "qwerty123456", "1q2w3e4r5t", "1q2w3e4r5t6y",
        "q1w2e3r4t5", "q1w2e3r4t5y6", "zaq12wsxcde3", "1qaz2wsx3edc", "asdfghjkl1", "asdfghjkl;", "zxcvbnm123",
        "password12", "password123", "password1234", "password12345", "password01", "password!!", "passw0rd123",
        "p@ssw0rd123", "p@ssword123", "passwordpassword", "iloveyou12", "iloveyou123", "iloveyou1234",
        "football123", "football12", "baseball123", "basketball", "basketball1", "liverpool1", "liverpool123",
        "manchester", "manchesterunited", "chelsea123", "arsenal123", "celtic1888", "rangers1872",
        "sunshine12", "princess12", "starwars12", "superman123", "batman1234", "pokemon123", "minecraft1",
        "minecraft123", "welcome123", "welcome1234", "letmein123", "changeme123", "abcdefghij", "abcdefg123",
        "abc1234567", "abcd123456", "abcdef1234", "trustno1234", "monkey1234", "dragon1234", "michael123",
        "jennifer12", "jessica123", "charlie123", "computer12", "computer123", "internet12", "whatever12",
        "qazwsxedcrfv", "1234qwerasdf", "123qweasdzxc", "universityofglasgow", "glasgow123", "glasgow2026",
        "student123", "student1234", "university1", "university123", "studentpassword", "freshers2026",
    ]
}
