/// How the corpus score tests compare a score with its recorded floor.
enum ScoreFloor {
    /// Floors are written with four decimals, so a score may sit up to half a unit of the last place below the
    /// floor that records it, and no further: one lost leaf of a 200-leaf nib (0.005) fails its test.
    static let rounding = 0.00005
}
