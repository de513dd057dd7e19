import Foundation
import Testing
@testable import Core

@Suite struct RiskProfileTests {
    @Test func suggestedAllocations() {
        #expect(RiskProfile.conservative.targetAllocation == ["bond": 60, "stock": 30, "cash": 10])
        #expect(RiskProfile.moderate.targetAllocation == ["stock": 60, "bond": 30, "cash": 10])
        #expect(RiskProfile.aggressive.targetAllocation == ["stock": 80, "alternatives": 15, "cash": 5])
        for profile in RiskProfile.allCases {
            #expect(profile.targetAllocation.values.reduce(0, +) == 100)
        }
    }

    @Test func toleranceMapping() {
        #expect(RiskProfile(tolerance: .veryLow) == .conservative)
        #expect(RiskProfile(tolerance: .low) == .conservative)
        #expect(RiskProfile(tolerance: .moderate) == .moderate)
        #expect(RiskProfile(tolerance: .high) == .aggressive)
        #expect(RiskProfile(tolerance: .veryHigh) == .aggressive)
    }

    @Test func deviationFromModerate() throws {
        let report = try RiskProfile.moderate.deviation(from: [("stock", 7000), ("bond", 2000), ("cash", 1000)])
        #expect(report.rows.map(\.key) == ["stock", "bond", "cash"])
        #expect(report.rows.map(\.difference) == [10, -10, 0])
        #expect(report.rows.map(\.status) == [.red, .red, .green])
        #expect(report.targetsWarning == nil)
    }

    @Test func deviationByAssetTypeGroupsIntoRiskClasses() throws {
        // seeds' Example 4 against the aggressive profile
        let report = try RiskProfile.aggressive.deviation(fromTypeValues: [
            (.stock, 3000), (.stock, 2000), (.crypto, 1500), (.bond, 2000), (.cash, 1500),
        ])
        let byKey = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.key, $0) })
        #expect(byKey["stock"]?.actual == 50)
        #expect(byKey["stock"]?.difference == -30)
        #expect(byKey["bond"]?.target == 0)
        #expect(byKey["bond"]?.difference == 20)
        #expect(byKey["alternatives"]?.difference == 0)
        #expect(byKey["alternatives"]?.status == .green)
        #expect(byKey["cash"]?.difference == 10)
    }

    @Test func riskClasses() {
        #expect(RiskProfile.riskClass(of: .etf) == "stock")
        #expect(RiskProfile.riskClass(of: .mutualFund) == "stock")
        #expect(RiskProfile.riskClass(of: .bond) == "bond")
        #expect(RiskProfile.riskClass(of: .cash) == "cash")
        for type in [AssetType.crypto, .realEstate, .commodity, .other] {
            #expect(RiskProfile.riskClass(of: type) == "alternatives")
        }
    }

    @Test func emptyPortfolioDeviation() throws {
        let report = try RiskProfile.conservative.deviation(from: [AllocationRow]())
        #expect(report.rows.map(\.key) == ["bond", "cash", "stock"])
        #expect(report.rows.allSatisfy { $0.actual == 0 })
    }

    @Test func namedProfilesAndTolerances() throws {
        #expect(try RiskProfile.named(" Moderate ") == .moderate)
        #expect(try RiskProfile.named("very_high") == .aggressive)
        #expect(throws: RuleViolation("Unknown risk profile 'bold'. Use one of: conservative, moderate, aggressive, very_low, low, high, very_high.")) {
            try RiskProfile.named("bold")
        }
    }
}
