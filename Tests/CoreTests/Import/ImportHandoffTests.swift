import Foundation
import Testing
@testable import Core

@Suite("Import handoff: parts from the planning thread to the writing one, in order")
struct ImportHandoffTests {
    @Test("every part arrives once, in order, however small the room; nil after close")
    func inOrder() {
        for capacity in [1, 2, 5] {
            let handoff = ImportHandoff<Int>(capacity: capacity)
            let done = DispatchSemaphore(value: 0)
            Thread {
                for n in 0..<2_000 { handoff.put(n) }
                handoff.close()
                done.signal()
            }.start()
            var taken: [Int] = []
            while let n = handoff.take() { taken.append(n) }
            done.wait()
            #expect(taken == Array(0..<2_000))
            #expect(handoff.take() == nil)
        }
    }

    @Test("after cancel the planner never waits and what it puts is dropped")
    func cancelReleasesThePlanner() {
        let handoff = ImportHandoff<Int>(capacity: 1)
        let done = DispatchSemaphore(value: 0)
        Thread {
            for n in 0..<100 { handoff.put(n) }  // would wait at the second part without a taker
            handoff.close()
            done.signal()
        }.start()
        #expect(handoff.take() == 0)
        handoff.cancel()
        done.wait()
        #expect(handoff.take() == nil)
    }
}
