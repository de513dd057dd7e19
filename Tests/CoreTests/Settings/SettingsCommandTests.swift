import Foundation
import Testing
@testable import Core

@Suite("Date format and default platform settings")
struct SettingsCommandTests {
    @Test("DateDisplayFormat: the app's four formats, abbreviated by default")
    func formats() throws {
        let date = ymd("2024-06-30")
        #expect(DateDisplayFormat.numeric.format(date) == "6/30/2024")
        #expect(DateDisplayFormat.abbreviated.format(date) == "Jun 30, 2024")
        #expect(DateDisplayFormat.long.format(date) == "June 30, 2024")
        #expect(DateDisplayFormat.complete.format(date) == "Sunday, June 30, 2024")
        #expect(DateDisplayFormat.complete.format(ymd("1970-01-01")) == "Thursday, January 1, 1970")
        #expect(DateDisplayFormat.complete.format(ymd("1969-12-29")) == "Monday, December 29, 1969")
        #expect(DateDisplayFormat.stored(nil) == .abbreviated)
        #expect(DateDisplayFormat.stored("bogus") == .abbreviated)
    }

    @Test("SetDateFormat: a format's name, any case; anything else is refused and changes nothing")
    func setDateFormat() throws {
        let s = MemoryCommandStore()
        #expect(try s.run(SetDateFormat(text: " LONG ")) == .long)
        #expect(s.settings[SetDateFormat.settingKey] == "long")
        #expect(violation { _ = try s.run(SetDateFormat(text: "short")) }?.description
                == "Unknown date format 'short'. Use numeric, abbreviated, long, complete.")
        #expect(s.settings[SetDateFormat.settingKey] == "long")
    }

    @Test("SetDefaultPlatform: spelled like an asset's platform; empty clears it")
    func setDefaultPlatform() throws {
        let s = MemoryCommandStore()
        #expect(try s.run(SetDefaultPlatform(name: "  My   Broker ")) == "My Broker")
        #expect(s.settings[SetDefaultPlatform.settingKey] == "My Broker")
        #expect(try s.run(SetDefaultPlatform(name: "  ")) == "")
        #expect(s.settings[SetDefaultPlatform.settingKey] == nil)
    }
}
