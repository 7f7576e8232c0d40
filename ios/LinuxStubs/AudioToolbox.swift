// A stand-in for the AudioToolbox call of NorochessApp (see UIKit.swift).
public typealias SystemSoundID = UInt32
public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {}
