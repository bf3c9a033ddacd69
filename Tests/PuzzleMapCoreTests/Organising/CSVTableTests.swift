import Foundation
import PuzzleMapCore
import Testing

/// CSV as RFC 4180 writes it, and safe to open in a spreadsheet.
@Suite struct CSVTableTests {
    @Test func rowsEndInCRLFAndFieldsAreQuotedOnlyWhenTheyMustBe() {
        let table = CSVTable(header: ["name", "note", "n"], rows: [
            ["Ada", "plain", 3],
            ["Lovelace, Ada", "she said \"hello\"", 0],
            ["two\nlines", "cr\rhere", -12],
            ["crlf\r\nend", "", 7],
        ])
        #expect(table.text == "name,note,n\r\n"
            + "Ada,plain,3\r\n"
            + "\"Lovelace, Ada\",\"she said \"\"hello\"\"\",0\r\n"
            + "\"two\nlines\",\"cr\rhere\",-12\r\n"
            + "\"crlf\r\nend\",,7\r\n")
    }

    @Test func textAFormulaWouldStartWithIsDefused() {
        let cells: [(given: String, written: String)] = [
            ("=HYPERLINK(\"http://evil.example\",\"click\")", "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\""),
            ("+1", "'+1"), ("-1+2", "'-1+2"), ("@SUM(A1)", "'@SUM(A1)"), ("\tTab", "'\tTab"), ("\rCR", "\"'\rCR\""),
            ("\r\nCRLF", "\"'\r\nCRLF\""), ("a=b", "a=b"), ("Ada", "Ada"), ("", ""),
        ]
        for cell in cells {
            #expect(CSVTable(header: ["cell"], rows: [[.text(cell.given)]]).text == "cell\r\n\(cell.written)\r\n", "\(cell.given)")
        }
    }

    @Test func numbersKeepTheirSignAndDecimalsHaveSixPlaces() {
        let table = CSVTable(header: ["xp", "latitude", "longitude", "none"], rows: [[.number(-50), .decimal(55.8733), .decimal(-4.2889), .empty]])
        #expect(table.text == "xp,latitude,longitude,none\r\n-50,55.873300,-4.288900,\r\n")
    }

    @Test func anInstantIsWrittenAsTheCampusDateAndTime() throws {
        let london = TimeZone(identifier: "Europe/London")!
        #expect(CSVTable.dateAndTime(try Date("2026-06-01T23:30:05Z", strategy: .iso8601), in: london) == [.text("2026-06-02"), .text("00:30:05")])
        #expect(CSVTable.dateAndTime(try Date("2026-11-18T09:05:00Z", strategy: .iso8601), in: london) == [.text("2026-11-18"), .text("09:05:00")])
    }
}
