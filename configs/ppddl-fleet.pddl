; A PPDDL 1.0 domain and problem in one file (sgplan also finds a domain in domain.pddl beside the
; problem, or in --domain FILE). Two vehicles of two subtypes of `vehicle` must both get from a to
; b. A move succeeds with 1/2, else the vehicle breaks where it is; broken vehicles cannot move;
; repair-all mends every vehicle, once. The best plan tries both vehicles before repairing:
; 1/4 + 1/2 * 1/2 + 1/4 * 1/4 = 9/16.
(define (domain fleet)
  (:requirements :typing :equality :negative-preconditions :existential-preconditions
                 :universal-preconditions :conditional-effects :probabilistic-effects)
  (:types car truck - vehicle
          vehicle place - object)
  (:predicates (at ?v - vehicle ?p - place) (broken ?v - vehicle) (repaired))
  (:action move
    :parameters (?v - vehicle ?from ?to - place)
    :precondition (and (at ?v ?from) (not (= ?from ?to)) (not (broken ?v)))
    :effect (probabilistic 1/2 (and (not (at ?v ?from)) (at ?v ?to))
                           1/2 (broken ?v)))
  (:action repair-all
    :precondition (and (not (repaired)) (exists (?v - vehicle) (broken ?v)))
    :effect (and (repaired) (forall (?v - vehicle) (not (broken ?v))))))

(define (problem fleet-1)
  (:domain fleet)
  (:objects c1 - car t1 - truck a b - place)
  (:init (at c1 a) (at t1 a))
  (:goal (forall (?v - vehicle) (at ?v b))))
